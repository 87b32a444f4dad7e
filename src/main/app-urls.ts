export interface AppUrls {
  /** Where the UI's API calls go: this process's own server. */
  apiOrigin: string;
  /** The page the window opens. */
  pageUrl: string;
  /** The only origin windows may show, ask for the bridge from, or use the camera on. */
  appOrigin: string;
}

/**
 * The window talks to the in-process server over loopback even when it listens on the LAN, so the
 * box office keeps working when the venue network (or its DHCP address) changes.
 */
export function loopbackOrigin(runningUrl: string, host: string): string {
  const url = new URL(runningUrl);
  // A wildcard bind also listens on loopback; a bind to one address (loopback or not) must be used as is.
  if (host === '0.0.0.0' || host === '::') url.hostname = '127.0.0.1';
  return url.origin;
}

/**
 * `electron-vite dev` serves the UI from its own dev server (ELECTRON_RENDERER_URL) for hot reload;
 * a packaged app ignores that variable so it cannot be pointed at another page.
 */
export function appUrls(
  runningUrl: string,
  host: string,
  env: NodeJS.ProcessEnv,
  isPackaged: boolean,
): AppUrls {
  const apiOrigin = loopbackOrigin(runningUrl, host);
  const devUrl = isPackaged ? undefined : env.ELECTRON_RENDERER_URL;
  const pageUrl = devUrl ? new URL(devUrl).href : `${apiOrigin}/`;
  return { apiOrigin, pageUrl, appOrigin: new URL(pageUrl).origin };
}
