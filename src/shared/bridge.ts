/**
 * What the desktop shell hands the UI as `window.marquee`. Declared once here so the preload
 * (which builds it) and the renderer (which reads it) cannot drift; in a plain browser on the LAN
 * there is no bridge and the UI asks for a key instead.
 */
export interface MarqueeBridge {
  /** Origin of the venue server, e.g. `https://127.0.0.1:4380`; the UI appends `/v2/...`. */
  readonly apiBaseUrl: string;
  /** Admin key of this desktop's own server; empty when the shell could not find one. */
  readonly apiKey: string;
  readonly appVersion: string;
}

/** IPC channel the sandboxed preload asks (synchronously) for the bridge values. */
export const bridgeChannel = 'marquee:bridge';

/** The preload receives the main process's answer as untyped IPC data; check it before exposing. */
export function isMarqueeBridge(value: unknown): value is MarqueeBridge {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.apiBaseUrl === 'string' &&
    typeof record.apiKey === 'string' &&
    typeof record.appVersion === 'string'
  );
}
