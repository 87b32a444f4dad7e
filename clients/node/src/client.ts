import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { errorFromResponse, MarqueeError, NetworkError } from './errors.js';
import type {
  Answer,
  ListItem,
  ListPaths,
  Method,
  Operation,
  OptionsArgument,
  PathsWith,
} from './operations.js';
import { TicketVerifier, type Jwks } from './ticket-verifier.js';

export const version = '0.1.0';

/** 5xx answers worth another try; 501 and the like are not going to change. */
const retryStatuses = new Set([500, 502, 503, 504]);
/** A Retry-After longer than this is the caller's decision, not a silent wait. */
const maxRetryAfterSeconds = 60;

export interface ClientOptions {
  /** The venue server, e.g. http://127.0.0.1:4380 (default). */
  baseUrl?: string;
  /** Retries of one call where that is safe (default 2). */
  maxRetries?: number;
  /** Per attempt, in ms (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** How to wait between attempts (seconds), ending early when `signal` aborts; tests record instead. */
  sleep?: (seconds: number, signal?: AbortSignal) => Promise<void>;
}

/** The key's rate limit as the last answer told it (its x-ratelimit-* headers). */
export interface RateLimit {
  /** Requests allowed per minute. */
  limit: number;
  /** Requests left in the current minute. */
  remaining: number;
  /** Seconds until the minute ends and `remaining` is whole again. */
  resetSeconds: number;
}

type LooseOptions = {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/**
 * A Marquee venue server's /v2 API, typed from its OpenAPI document.
 *
 * Every POST carries an Idempotency-Key (made once per call, sent again on each retry), so GETs
 * and POSTs are retried on network errors, 429 (after its Retry-After), 409
 * idempotency_key_in_use and 5xx, at most `maxRetries` times with exponential backoff. PATCH and
 * DELETE are retried only after a 429, which the server answers before doing anything.
 */
export class MarqueeClient {
  readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  private lastRateLimit: RateLimit | undefined;

  constructor(
    private readonly apiKey: string,
    options: ClientOptions = {},
  ) {
    if (!apiKey) throw new TypeError('an API key is required');
    this.baseUrl = (options.baseUrl ?? 'http://127.0.0.1:4380').replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetch = options.fetch ?? globalThis.fetch;
    // An aborted wait clears its timer: a process that gave up is not kept alive for a Retry-After.
    this.sleep = options.sleep ?? ((seconds, signal) => delay(seconds * 1000, undefined, { signal }));
  }

  /**
   * The key's rate limit as the last answer that carried it told it, to pace a bulk job before it
   * meets a 429; undefined until then, and while the server's limit is off.
   */
  get rateLimit(): RateLimit | undefined {
    return this.lastRateLimit;
  }

  get<P extends PathsWith<'get'>>(path: P, ...[options]: OptionsArgument<Operation<P, 'get'>>) {
    return this.request('get', path, options as LooseOptions | undefined) as Promise<
      Answer<Operation<P, 'get'>>
    >;
  }

  post<P extends PathsWith<'post'>>(path: P, ...[options]: OptionsArgument<Operation<P, 'post'>>) {
    return this.request('post', path, options as LooseOptions | undefined) as Promise<
      Answer<Operation<P, 'post'>>
    >;
  }

  patch<P extends PathsWith<'patch'>>(path: P, ...[options]: OptionsArgument<Operation<P, 'patch'>>) {
    return this.request('patch', path, options as LooseOptions | undefined) as Promise<
      Answer<Operation<P, 'patch'>>
    >;
  }

  delete<P extends PathsWith<'delete'>>(path: P, ...[options]: OptionsArgument<Operation<P, 'delete'>>) {
    return this.request('delete', path, options as LooseOptions | undefined) as Promise<
      Answer<Operation<P, 'delete'>>
    >;
  }

  /** Every item of a list, oldest first, fetching page after page (`query.limit` sets the page size). */
  async *list<P extends ListPaths>(
    path: P,
    ...[options]: OptionsArgument<Operation<P, 'get'>>
  ): AsyncGenerator<ListItem<P>, void, undefined> {
    const loose = (options ?? {}) as LooseOptions;
    const query: Record<string, unknown> = { ...loose.query };
    for (;;) {
      const page = (await this.request('get', path, { ...loose, query })) as {
        data: ListItem<P>[];
        has_more: boolean;
        next_cursor: string | null;
      };
      yield* page.data;
      if (!page.has_more || page.next_cursor === null) return;
      if (page.next_cursor === query.cursor) {
        throw new MarqueeError(`${path}: the server handed back the same cursor twice`);
      }
      query.cursor = page.next_cursor;
    }
  }

  /** A verifier holding the server's current JWKS: verifies offline; `verifyFresh` follows a key rotation. */
  async ticketVerifier(): Promise<TicketVerifier> {
    // verifyFresh fetches it again through this client (its retries) for a kid it does not hold.
    const getJwks = async () => (await this.get('/v2/scan/jwks')) as Jwks;
    return new TicketVerifier(await getJwks(), getJwks);
  }

  private async request(method: Method, pathTemplate: string, options: LooseOptions | undefined) {
    const { path: pathParams, query, body, idempotencyKey, signal } = options ?? {};
    const url = new URL(this.baseUrl + expandPath(pathTemplate, pathParams));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: 'application/json',
      'user-agent': `marquee-node/${version}`,
    };
    if (method === 'post') headers['idempotency-key'] = idempotencyKey ?? randomUUID();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const safe = method === 'get' || method === 'post';

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let text: string;
      try {
        const timeout = AbortSignal.timeout(this.timeoutMs);
        response = await this.fetch(url, {
          method: method.toUpperCase(),
          headers,
          body: payload,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        // The body is part of the answer: one cut off after the headers (connection reset, the
        // timeout) is no answer, and a POST that may have run is retried under its key, not
        // handed to a caller who would send it again under a new one.
        text = await response.text();
      } catch (err) {
        const error = new NetworkError(`${method.toUpperCase()} ${url.pathname}: ${describe(err)}`, {
          cause: err,
        });
        if (signal?.aborted || !safe || attempt >= this.maxRetries) throw error;
        await this.wait(backoff(attempt), signal, error);
        continue;
      }
      this.lastRateLimit = rateLimitOf(response.headers) ?? this.lastRateLimit;
      if (response.status < 300) return text === '' ? undefined : (JSON.parse(text) as unknown);

      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      const error = errorFromResponse(
        response.status,
        parseOrUndefined(text),
        response.headers.get('x-request-id') ?? undefined,
        retryAfter,
      );
      if (attempt >= this.maxRetries || !retryable(method, error)) throw error;
      if (retryAfter !== undefined && retryAfter > maxRetryAfterSeconds) throw error;
      await this.wait(Math.max(backoff(attempt), retryAfter ?? 0), signal, error);
    }
  }

  /**
   * Waits before the next attempt unless `signal` aborts first: then the answer that made it wait
   * is thrown at once (a RateLimitError keeps its `retryAfter`). The wait ignored `signal` before,
   * so a caller that gave up sat out the rest of a Retry-After of up to 60 s and then got a
   * NetworkError "aborted" in place of the 429.
   */
  private async wait(seconds: number, signal: AbortSignal | undefined, lastError: MarqueeError) {
    if (!signal) return this.sleep(seconds);
    if (signal.aborted) throw lastError;
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(lastError);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([this.sleep(seconds, signal), aborted]);
    } catch (err) {
      throw signal.aborted ? lastError : err;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

function expandPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

function retryable(method: Method, error: MarqueeError): boolean {
  if (error.status === 429) return true; // refused before anything ran, whatever the method
  if (method !== 'get' && method !== 'post') return false;
  if (error.status === 409) return error.code === 'idempotency_key_in_use';
  return error.status !== undefined && retryStatuses.has(error.status);
}

/** 0.5 s, 1 s, 2 s, … (at most 8 s), each between half and all of it, so clients spread out. */
function backoff(attempt: number): number {
  return Math.min(8, 0.5 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

function rateLimitOf(headers: Headers): RateLimit | undefined {
  const [limit, remaining, resetSeconds] = ['limit', 'remaining', 'reset'].map((name) =>
    Number(headers.get(`x-ratelimit-${name}`) ?? Number.NaN),
  ) as [number, number, number];
  if (![limit, remaining, resetSeconds].every(Number.isFinite)) return undefined;
  return { limit, remaining, resetSeconds };
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}
