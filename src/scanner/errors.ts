/** Every failure a door device reports, with a stable code the CLI and door page can act on. */
export type ScannerErrorCode =
  | 'unreachable'
  | 'timeout'
  | 'pin_mismatch'
  | 'insecure_url'
  | 'http_error'
  | 'bad_response'
  | 'bad_pairing_code'
  /** A typed pairing code's check letters do not fit the server's certificate: not the box office that made it. */
  | 'wrong_server'
  | 'not_paired'
  | 'no_door_pack'
  | 'not_found'
  /** A lookup under 2 characters: it would list most of the guest list. */
  | 'bad_query'
  /** A steward's reason the server would refuse: none for a manual check-in, blank, over 200 characters, not one line. */
  | 'bad_reason'
  /** The server refuses this device's key (401/403): it was revoked, and decides nothing now. */
  | 'device_revoked';

export class ScannerError extends Error {
  constructor(
    readonly code: ScannerErrorCode,
    message: string,
    /** For `http_error`: the HTTP status and the API's error code, when it sent one. */
    readonly status?: number,
    readonly apiCode?: string,
    /** For `http_error`: the field the API named (`param`), e.g. `scans[3].scanned_at`. */
    readonly param?: string,
  ) {
    super(message);
    this.name = 'ScannerError';
  }
}

export function isScannerError(err: unknown, code?: ScannerErrorCode): err is ScannerError {
  return err instanceof ScannerError && (code === undefined || err.code === code);
}
