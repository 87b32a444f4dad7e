/**
 * Transport over the platform's fetch, for the renderer's door page. A page cannot pin
 * certificates, so it relies on the origin it was loaded from (the venue server itself);
 * Node door devices use pinned-transport.ts instead. Browser-safe.
 */
import { ScannerError } from './errors.js';
import type { StreamResponse, Transport, TransportRequest, TransportResponse } from './transport.js';

const defaultTimeoutMs = 15_000;

async function* decode(body: ReadableStream<Uint8Array> | null): AsyncIterable<string> {
  if (!body) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

export class FetchTransport implements Transport {
  constructor(readonly baseUrl: string) {}

  async request(request: TransportRequest): Promise<TransportResponse> {
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(new URL(request.path, this.baseUrl), {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      });
    } catch (err) {
      if (timeout.aborted)
        throw new ScannerError('timeout', `${request.method} ${request.path}: no answer in ${timeoutMs} ms`);
      if (request.signal?.aborted) throw err;
      throw new ScannerError(
        'unreachable',
        `cannot reach ${this.baseUrl}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const text = await response.text();
    let body: unknown = null;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new ScannerError('bad_response', `${request.path} answered ${response.status} with non-JSON`);
      }
    }
    return { status: response.status, body };
  }

  async stream(request: Omit<TransportRequest, 'method' | 'body' | 'timeoutMs'>): Promise<StreamResponse> {
    let response: Response;
    try {
      response = await fetch(new URL(request.path, this.baseUrl), {
        headers: { accept: 'text/event-stream', ...request.headers },
        signal: request.signal,
      });
    } catch (err) {
      if (request.signal?.aborted) throw err;
      throw new ScannerError(
        'unreachable',
        `cannot reach ${this.baseUrl}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    return { status: response.status, chunks: decode(response.body) };
  }
}
