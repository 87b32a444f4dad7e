export interface AppUrls {
  /** Where the UI's API calls go: this machine's loopback listener, or a joined venue server. */
  apiOrigin: string;
  /** The page the window opens. */
  pageUrl: string;
  /** The only origin windows may show, ask for the bridge from, or use the camera on. */
  appOrigin: string;
}

const devServerUrl = (env: NodeJS.ProcessEnv, isPackaged: boolean): string | undefined =>
  isPackaged ? undefined : env.ELECTRON_RENDERER_URL || undefined;

/**
 * The origin of the dev server the UI comes from under `electron-vite dev`, which the hosted API
 * must then answer cross-origin (server/http/dev-cors.ts); undefined in a packaged app.
 */
export function devServerOrigin(env: NodeJS.ProcessEnv, isPackaged: boolean): string | undefined {
  const url = devServerUrl(env, isPackaged);
  return url ? new URL(url).origin : undefined;
}

/**
 * `electron-vite dev` serves the UI from its own dev server (ELECTRON_RENDERER_URL) for hot reload;
 * a packaged app ignores that variable so it cannot be pointed at another page. Otherwise the
 * window opens the UI the API origin itself serves.
 */
export function appUrls(apiUrl: string, env: NodeJS.ProcessEnv, isPackaged: boolean): AppUrls {
  const apiOrigin = new URL(apiUrl).origin;
  const devUrl = devServerUrl(env, isPackaged);
  const pageUrl = devUrl ? new URL(devUrl).href : `${apiOrigin}/`;
  return { apiOrigin, pageUrl, appOrigin: new URL(pageUrl).origin };
}
