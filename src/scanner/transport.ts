/**
 * How the SDK talks HTTP. A Node door device uses the certificate-pinning transport; the
 * renderer's door page uses fetch against its own origin. The rest of the SDK sees only this.
 */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query below the base URL, starting with `/`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Gives up (ScannerError `timeout`) when no complete answer arrives in time. */
  timeoutMs?: number;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON, or null when the answer had no JSON body. */
  body: unknown;
}

export interface StreamResponse {
  status: number;
  /** Decoded text as it arrives; ends when the server closes or the request is aborted. */
  chunks: AsyncIterable<string>;
}

export interface Transport {
  readonly baseUrl: string;
  request(request: TransportRequest): Promise<TransportResponse>;
  stream(request: Omit<TransportRequest, 'method' | 'body' | 'timeoutMs'>): Promise<StreamResponse>;
}

/** Plain HTTP is only acceptable where nothing but this machine can listen in. */
export { isLoopbackHost } from '../shared/loopback.js';
