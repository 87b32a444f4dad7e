import type { Session, WebContents, WebPreferences } from 'electron';
import { normalizeFingerprint } from '../scanner/fingerprint.js';

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
 * The one HTTPS server whose self-signed certificate this process accepts: the venue server a
 * joined till talks to, pinned at pairing. A host's own windows use plain HTTP on loopback and
 * pin nothing.
 */
export interface CertificatePin {
  origin: string;
  /** Lower-case hex SHA-256, as the pairing QR and mDNS carry it. */
  fingerprint: string;
}

export type CertificateVerdict = 'trust' | 'reject' | 'default';

/** Answers for Electron's `setCertificateVerifyProc`: accept, refuse, or Chromium's own verdict. */
export const certificateVerifyCodes: Record<CertificateVerdict, number> = {
  trust: 0,
  reject: -2,
  default: -3,
};

const bareHost = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * For the pinned host: exactly the pinned certificate, nothing else, not even one a public CA
 * signed (a swapped certificate means an impostor or a reinstalled host: pair again). Any other
 * host keeps Chromium's normal checks. `presented` is Electron's `sha256/<base64>` form.
 */
export function certificateVerdict(
  pin: CertificatePin | null,
  hostname: string,
  presented: string,
): CertificateVerdict {
  if (!pin || bareHost(hostname) !== bareHost(new URL(pin.origin).hostname)) return 'default';
  return normalizeFingerprint(presented) === pin.fingerprint ? 'trust' : 'reject';
}

/** The `certificate-error` fallback: same rule, and only for the pinned origin itself. */
export function isTrustedCertificate(pin: CertificatePin | null, url: string, presented: string): boolean {
  return pin !== null && originOf(url) === pin.origin && normalizeFingerprint(presented) === pin.fingerprint;
}

/** Installed before any window opens; the pin is read per check because it is known only after first run. */
export function pinCertificate(session: Session, pin: () => CertificatePin | null): void {
  session.setCertificateVerifyProc((request, callback) => {
    const verdict = certificateVerdict(pin(), request.hostname, request.certificate.fingerprint);
    callback(certificateVerifyCodes[verdict]);
  });
}

/** The app origin moves once (first-run screen → box office), so the handlers ask for it each time. */
export type OriginSource = string | (() => string);
const current = (source: OriginSource): string => (typeof source === 'string' ? source : source());

export function hardenWebContents(contents: WebContents, appOrigin: OriginSource): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(current(appOrigin), event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(current(appOrigin), event.url)) event.preventDefault();
  });
  // will-navigate sees only the top frame; an injected iframe must not show another site either.
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(current(appOrigin), event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: Session, appOrigin: OriginSource): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(isPermissionAllowed(permission, details.requestingUrl, current(appOrigin), mediaTypes));
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) => {
    const url = details.requestingUrl ?? contents?.getURL();
    const mediaTypes =
      details.mediaType === 'video' || details.mediaType === 'audio' ? [details.mediaType] : [];
    return isPermissionAllowed(permission, url, current(appOrigin), mediaTypes);
  });
}
