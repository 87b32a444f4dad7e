import type { Session, WebContents, WebPreferences } from 'electron';

/**
 * The one place the desktop shell's hardening lives. Windows only ever show our own server's UI,
 * so anything that leaves that origin, opens a window or asks for a device is refused, except the
 * camera on the door page (ticket scanning).
 */

export function hardenedWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Same origin only: a link to anywhere else must not turn the box office into a browser. */
export function isAllowedNavigation(appOrigin: string, url: string): boolean {
  return originOf(url) === appOrigin;
}

/** The scan page lives at `/door` (history routing); only it may use the camera. */
export function isDoorPage(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname === '/door' || pathname.startsWith('/door/');
}

/**
 * Camera (`media` with video only) for the door page of our own origin; everything else, the
 * microphone included, is denied. `mediaTypes` is empty when Chromium only checks, not requests.
 */
export function isPermissionAllowed(
  permission: string,
  url: string | undefined,
  appOrigin: string,
  mediaTypes: readonly string[] = [],
): boolean {
  if (permission !== 'media' || url === undefined || originOf(url) !== appOrigin) return false;
  return isDoorPage(url) && mediaTypes.every((type) => type === 'video');
}

/** The bridge carries the admin key, so only frames showing our own UI may ask for it. */
export function isTrustedSender(appOrigin: string, senderUrl: string | undefined): boolean {
  return originOf(senderUrl) === appOrigin;
}

/**
 * A LAN bind serves HTTPS with a self-signed certificate made by our own in-process server, so
 * Chromium cannot verify it; trust it for the API origin this process is listening on, nowhere else.
 */
export function isTrustedCertificate(apiOrigin: string, url: string): boolean {
  return apiOrigin.startsWith('https:') && originOf(url) === apiOrigin;
}

export function hardenWebContents(contents: WebContents, appOrigin: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(appOrigin, event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(appOrigin, event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(isPermissionAllowed(permission, details.requestingUrl, appOrigin, mediaTypes));
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) => {
    const url = details.requestingUrl ?? contents?.getURL();
    const mediaTypes =
      details.mediaType === 'video' || details.mediaType === 'audio' ? [details.mediaType] : [];
    return isPermissionAllowed(permission, url, appOrigin, mediaTypes);
  });
}
