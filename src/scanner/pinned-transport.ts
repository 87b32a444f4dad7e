/**
 * Node HTTP(S) for door devices. HTTPS accepts exactly one certificate: the one whose SHA-256
 * fingerprint the device learned at pairing (a venue server's certificate is self-signed, so
 * ordinary CA checks would prove nothing). The pin is checked when the TLS handshake finishes
 * and before the socket is handed to HTTP, so not one byte of a request (or the API key in it)
 * is written to a server that fails the check. Plain HTTP is refused except on loopback.
 */
import { gunzipSync } from 'node:zlib';
import http, { type ClientRequestArgs } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { isUnreachableCode } from '../shared/unreachable-codes.js';
import { ScannerError } from './errors.js';
import { displayFingerprint, normalizeFingerprint } from './fingerprint.js';
import {
  isLoopbackHost,
  type StreamResponse,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';

const connectTimeoutMs = 5_000;
const defaultTimeoutMs = 15_000;

class StaleSocketError extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

/** Keep-alive agent whose every new connection must present the pinned certificate. */
class PinnedAgent extends http.Agent {
  constructor(private readonly pin: string) {
    super({ keepAlive: true, maxSockets: 16 });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = options.host ?? options.hostname ?? 'localhost';
    const socket = tls.connect({
      host,
      port: Number(options.port),
      servername: isIP(host) ? undefined : host,
      // The chain is self-signed by design; the fingerprint check below is the real authentication.
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    let settled = false;
    const settle = (err: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) socket.destroy();
      callback?.(err, socket);
    };
    const timer = setTimeout(
      () =>
        settle(new ScannerError('timeout', `TLS handshake with ${host} took over ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
    socket.once('secureConnect', () => {
      const presented = normalizeFingerprint(socket.getPeerCertificate().fingerprint256);
      if (presented !== this.pin) {
        settle(
          new ScannerError(
            'pin_mismatch',
            `server certificate ${presented ? displayFingerprint(presented) : '(none)'} is not the paired ` +
              `one (${displayFingerprint(this.pin)}); refusing to talk to it`,
          ),
        );
        return;
      }
      settle(null);
    });
    socket.once('error', (err) => settle(err));
    return undefined;
  }
}

function toScannerError(err: unknown, url: string): ScannerError | Error {
  if (err instanceof ScannerError) return err;
  if (err instanceof Error && err.name === 'AbortError') return err;
  const code = (err as { code?: string }).code;
  if (isUnreachableCode(code)) return new ScannerError('unreachable', `cannot reach ${url} (${code})`);
  return new ScannerError(
    'unreachable',
    `cannot reach ${url}: ${err instanceof Error ? err.message : String(err)}`,
  );
}

export interface PinnedTransportOptions {
  /** SHA-256 certificate fingerprint in any spelling; required for https URLs. */
  fingerprint?: string | null;
  /**
   * Told the server's `Date` header of every answer, with when the request went and the answer
   * came on `clock`: the Node door keeps its clock offset from it (door-clock.ts).
   */
  onServerDate?: (dateHeader: string | undefined, sentAt: number, receivedAt: number) => void;
  /** The device's clock for `onServerDate` (default Date.now). */
  clock?: () => number;
}

export class PinnedTransport implements Transport {
  readonly baseUrl: string;
  private readonly origin: URL;
  private readonly agent: http.Agent;
  private readonly onServerDate: PinnedTransportOptions['onServerDate'];
  private readonly clock: () => number;

  constructor(baseUrl: string, options: PinnedTransportOptions = {}) {
    this.onServerDate = options.onServerDate;
    this.clock = options.clock ?? Date.now;
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ScannerError('insecure_url', `not a URL: ${baseUrl}`);
    }
    if (url.protocol === 'https:') {
      const pin = normalizeFingerprint(options.fingerprint);
      if (!pin) {
        throw new ScannerError(
          'insecure_url',
          `${url.origin} needs the certificate fingerprint from pairing`,
        );
      }
      this.agent = new PinnedAgent(pin);
    } else if (url.protocol === 'http:') {
      if (!isLoopbackHost(url.hostname)) {
        throw new ScannerError(
          'insecure_url',
          `plain HTTP is allowed only on this machine, not ${url.origin}`,
        );
      }
      this.agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    } else {
      throw new ScannerError('insecure_url', `unsupported URL scheme in ${baseUrl}`);
    }
    this.origin = url;
    this.baseUrl = url.origin;
  }

  async request(request: TransportRequest): Promise<TransportResponse> {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const deadline = Date.now() + (request.timeoutMs ?? defaultTimeoutMs);
    try {
      return await this.attempt(request, payload, deadline);
    } catch (err) {
      // A keep-alive connection the server (or a NAT box) dropped while idle fails on first
      // write; that says nothing about the server, so try once more on a fresh connection.
      if (!(err instanceof StaleSocketError)) throw err;
      return this.attempt(request, payload, deadline).catch((retryErr: unknown) => {
        throw retryErr instanceof StaleSocketError ? retryErr.cause : retryErr;
      });
    }
  }

  private attempt(
    request: TransportRequest,
    payload: string | undefined,
    deadline: number,
  ): Promise<TransportResponse> {
    const timeoutMs = Math.max(1, deadline - Date.now());
    const sentAt = this.clock();
    return new Promise((resolve, reject) => {
      const req = this.open(request, payload);
      const timer = setTimeout(
        () =>
          req.destroy(
            new ScannerError('timeout', `${request.method} ${request.path}: no answer in ${timeoutMs} ms`),
          ),
        timeoutMs,
      );
      req.on('response', (res) => {
        this.onServerDate?.(res.headers.date, sentAt, this.clock());
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(toScannerError(err, this.baseUrl));
        });
        res.on('end', () => {
          clearTimeout(timer);
          let raw = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip') {
            try {
              raw = gunzipSync(raw);
            } catch {
              reject(new ScannerError('bad_response', `${request.path} answered with a damaged gzip body`));
              return;
            }
          }
          const text = raw.toString('utf8');
          let body: unknown = null;
          if (text.length > 0) {
            try {
              body = JSON.parse(text);
            } catch {
              reject(
                new ScannerError('bad_response', `${request.path} answered ${res.statusCode} with non-JSON`),
              );
              return;
            }
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', (err) => {
        clearTimeout(timer);
        const code = (err as { code?: string }).code;
        const stale = req.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE');
        const mapped = toScannerError(err, this.baseUrl);
        reject(stale ? new StaleSocketError(mapped) : mapped);
      });
      req.end(payload);
    });
  }

  stream(request: Omit<TransportRequest, 'method' | 'body' | 'timeoutMs'>): Promise<StreamResponse> {
    return new Promise((resolve, reject) => {
      const req = this.open({
        ...request,
        method: 'GET',
        headers: { accept: 'text/event-stream', ...request.headers },
      });
      req.on('response', (res) => {
        res.setEncoding('utf8');
        resolve({ status: res.statusCode ?? 0, chunks: res as AsyncIterable<string> });
      });
      req.on('error', (err) => reject(toScannerError(err, this.baseUrl)));
      req.end();
    });
  }

  /** Drops idle keep-alive connections so a CLI process can exit at once. */
  close(): void {
    this.agent.destroy();
  }

  private open(request: TransportRequest, payload?: string): http.ClientRequest {
    const target = new URL(request.path, this.origin);
    return http.request({
      protocol: 'http:',
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(this.origin.port) || (this.origin.protocol === 'https:' ? 443 : 80),
      path: `${target.pathname}${target.search}`,
      method: request.method,
      agent: this.agent,
      signal: request.signal,
      headers: {
        accept: 'application/json',
        // A whole door pack names every guest; gzipped it is a quarter of the bytes.
        'accept-encoding': 'gzip',
        host: this.origin.host,
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        ...request.headers,
      },
    });
  }
}
