import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { isUnreachableCode } from '../../shared/unreachable-codes.js';
import { shareLookups } from './shared-lookups.js';
import { BlockedAddressError, guardedLookup, receiverRefusal } from './receiver-address.js';

/**
 * What one POST came to:
 * - `response`: the receiver answered with a status (2xx or not).
 * - `offline`: it could not be reached at all (DNS, refused, unreachable, reset before any
 *   answer, connect timeout) — the venue or the receiver is offline; the attempt is not counted.
 * - `error`: reached but no usable answer (timeout after connecting, TLS failure, blocked
 *   address, garbage reply) — a counted failure.
 * - `aborted`: the server is stopping; nothing is recorded and the delivery stays due.
 */
export type AttemptResult =
  | { kind: 'response'; status: number; retryAfter: string | undefined }
  | { kind: 'offline'; error: string }
  | { kind: 'error'; error: string }
  | { kind: 'aborted' };

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

function errorCodes(err: unknown): string[] {
  if (!(err instanceof Error)) return [];
  const own = (err as NodeJS.ErrnoException).code;
  // Happy-eyeballs connects (Node's autoSelectFamily) fail with an AggregateError of each try.
  const inner = err instanceof AggregateError ? err.errors.flatMap(errorCodes) : [];
  return own ? [own, ...inner] : inner;
}

function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors[0] instanceof Error) return describe(err.errors[0]);
  return err instanceof Error ? err.message : String(err);
}

export interface TransportOptions {
  /** Sockets kept per receiver origin: the dispatcher's per-endpoint concurrency. */
  maxSocketsPerHost: number;
  timeoutMs: number;
  allowLinkLocal: boolean;
}

/**
 * POSTs over keep-alive connections (node:http, not fetch: it tells "never connected" from
 * "connected, then no answer", which is the line between offline and a counted failure).
 */
export class WebhookTransport {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly lookup;

  constructor(private readonly options: TransportOptions) {
    const agentOptions = {
      keepAlive: true,
      maxSockets: options.maxSocketsPerHost,
      maxFreeSockets: options.maxSocketsPerHost,
      // Below the 5 s keep-alive most servers use, so we rarely write into a socket they closed.
      timeout: 4_000,
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
    this.lookup = guardedLookup(options.allowLinkLocal, shareLookups());
  }

  async send(request: AttemptRequest): Promise<AttemptResult> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { kind: 'error', error: `invalid URL ${request.url}` };
    }
    // A literal address never reaches the lookup below; a URL stored before a rule was added
    // (or while MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL was set) is refused here.
    const refusal = receiverRefusal(url, this.options.allowLinkLocal);
    if (refusal) return { kind: 'error', error: refusal };
    const first = await this.once(url, request);
    // A kept-alive socket the receiver closed just as we wrote to it is not the receiver being
    // down: try once more on a fresh connection (what Node's docs advise for reusedSocket).
    if (first.result.kind === 'offline' && first.reusedSocket) return (await this.once(url, request)).result;
    return first.result;
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private once(url: URL, request: AttemptRequest): Promise<{ result: AttemptResult; reusedSocket: boolean }> {
    return new Promise((resolve) => {
      const isHttps = url.protocol === 'https:';
      let connected = false;
      let settled = false;
      const finish = (result: AttemptResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        resolve({ result, reusedSocket: req.reusedSocket });
      };
      const req = (isHttps ? https : http).request(
        url,
        {
          method: 'POST',
          agent: isHttps ? this.httpsAgent : this.httpAgent,
          lookup: this.lookup,
          headers: {
            ...request.headers,
            'content-length': String(Buffer.byteLength(request.body)),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const retryAfter = res.headers['retry-after'];
          const answered = () => finish({ kind: 'response', status, retryAfter });
          // An answer cut off before its end (the receiver died while answering) was not read
          // completely, so a 2xx there is no success: a failed attempt, sent again later.
          const cutOff = () =>
            finish({ kind: 'error', error: `the answer (HTTP ${status}) was cut off before its end` });
          // The body is read and dropped so the socket can be reused.
          res.on('end', answered);
          res.on('error', cutOff);
          res.on('close', () => (res.complete ? answered() : cutOff()));
          res.resume();
        },
      );
      req.on('socket', (socket: Socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      req.on('error', (err) => {
        if (settled) return;
        if (err instanceof BlockedAddressError) return finish({ kind: 'error', error: err.message });
        const unreachable = errorCodes(err).some(isUnreachableCode);
        // Refused, reset or unreachable before any answer = offline (CONTRACT.md), whether or not
        // TCP had connected: a receiver restarting behind a proxy resets mid-request.
        if (unreachable) return finish({ kind: 'offline', error: describe(err) });
        finish({ kind: 'error', error: describe(err) });
      });
      const timer = setTimeout(() => {
        const seconds = this.options.timeoutMs / 1000;
        finish(
          connected
            ? { kind: 'error', error: `no answer within ${seconds} s` }
            : { kind: 'offline', error: `could not connect within ${seconds} s` },
        );
        req.destroy();
      }, this.options.timeoutMs);
      const onAbort = (): void => {
        finish({ kind: 'aborted' });
        req.destroy();
      };
      if (request.signal.aborted) onAbort();
      else request.signal.addEventListener('abort', onAbort, { once: true });
      req.end(request.body);
    });
  }
}
