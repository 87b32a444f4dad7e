import type { FastifySchema, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { holdersNotifiedHeader } from '../schemas/events.js';

/**
 * What the HTTP layer does for every route, put into the OpenAPI document from the same place
 * that decides it, so the document cannot claim what the server does not do:
 * - a route whose access is `public` (access.ts) needs no key: `security: []`, unless the route
 *   names its own (the scan feed takes a key or a stream token);
 * - every POST takes `Idempotency-Key` (idempotency.ts hooks every POST route);
 * - every route an admin or box_office key may call takes `Marquee-Staff` (staff-session.ts);
 * - the rate limit (rate-limit.ts) counts every documented route, public ones too: any may
 *   answer 429 (only the wallet app's static files, which are not documented here, are not counted);
 * - the error handler answers 507 on any route that writes when the disk is full
 *   (error-handler.ts); health never does, it reports `degraded` instead.
 * Document-only: the route's own schema, which validates and serializes, is left as it is.
 */
export function documentRouteConventions(
  schema: FastifySchema | undefined,
  route: RouteOptions,
): FastifySchema {
  const documented: FastifySchema = { ...schema };
  if (!isApiRoute(route.url) || documented.hide) return documented;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (route.config?.access === 'public' && documented.security === undefined) documented.security = [];
  if (methods.includes('POST'))
    documented.headers = withHeader(documented.headers, 'Idempotency-Key', idempotencyKeyHeader);
  const access = route.config?.access ?? [];
  if (access !== 'public' && (access.length === 0 || access.includes('box_office')))
    documented.headers = withHeader(documented.headers, 'Marquee-Staff', staffHeader);
  const response = { 429: Type.Ref('Error'), ...(documented.response as object) };
  documented.response = route.url === '/v2/health' ? response : { ...response, 507: Type.Ref('Error') };
  return documented;
}

const isApiRoute = (url: string): boolean => url.startsWith('/v2/');

export const idempotencyKeyHeader = Type.String({
  minLength: 1,
  maxLength: 255,
  description:
    'Makes a retry safe: the same key with the same body within 24 hours replays the first answer ' +
    '(header `idempotent-replayed: true`); with another body it is 409 `idempotency_key_reused`. ' +
    'Make one per call and reuse it on every retry of that call. Keys are per API key.',
});

export const staffHeader = Type.String({
  maxLength: 200,
  description:
    'The session token of the staff member signed in at this till (POST /v2/staff/sign_in). Once any active ' +
    'staff member exists, writes with a box_office key need it (403 staff_sign_in_required); refunds, voids, ' +
    'payouts and admin work need a manager whenever it is sent (403 insufficient_role).',
});

function withHeader(headers: unknown, name: string, schema: ReturnType<typeof Type.String>): unknown {
  const own = (headers as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Type.Object({ ...own, [name]: Type.Optional(schema) } as never);
}

/** Headers every answer carries, declared once and referenced from every response. */
export const responseHeaders = {
  RequestId: {
    description:
      "This request's id, also in the server's log lines for it: quote it when reporting a problem. A caller's own x-request-id is kept when it is at most 64 characters of A-Z a-z 0-9 . _ - and not shaped like a credential; otherwise the server makes one.",
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description:
      '`true` when this answer replays the first answer given to the request\'s Idempotency-Key (same status, same body, nothing ran again); absent on an answer made now. See docs/api.md "Idempotency".',
    schema: { type: 'string', enum: ['true'] as string[] },
  },
  // The rate limit's (rate-limit.ts, @fastify/rate-limit): on every answer that passed it.
  RateLimitLimit: {
    description:
      "The API key's allowance per minute (MARQUEE_RATE_LIMIT; callers without a key: per address). Absent when the limit is off (0) and on answers refused before it counts (an unknown key, a key without the scope).",
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: {
    description: 'Requests left in the current minute (0 on a 429).',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitReset: {
    description:
      'Seconds until the current minute ends and the allowance is whole again (on a 429 the same as `Retry-After`).',
    schema: { type: 'integer', minimum: 0 },
  },
  HoldersNotified: {
    description:
      'On the request that cancelled the event: how many ticket holders were mailed (0 with notify_holders false). Absent on a repeat cancel and on an idempotent replay.',
    schema: { type: 'integer', minimum: 0 },
  },
} as const;

/** Status codes whose answers carry `Retry-After`: the rate limits (rate-limit.ts, RateLimitedError). */
const retryAfterStatuses = new Set(['429']);

/**
 * Statuses of a POST whose answer may be a replay (http/idempotency.ts keeps every answer below 500
 * but those refused before the request is taken: no or a narrow key, too big, not JSON, the rate limit).
 */
const notReplayed = new Set(['401', '403', '413', '415', '429']);
const mayBeReplayed = (method: string, status: string) =>
  method === 'post' && !notReplayed.has(status) && Number(status) < 500;

/** Headers one operation's answer adds beside its body, by operationId and status (set by its route). */
const operationHeaders: Record<string, Record<string, Record<string, { $ref: string }>>> = {
  cancelEvent: { '200': { [holdersNotifiedHeader]: { $ref: '#/components/headers/HoldersNotified' } } },
};

/** On every answer: the rate limit counts every documented route (see documentRouteConventions). */
const rateLimitHeaders = {
  'x-ratelimit-limit': { $ref: '#/components/headers/RateLimitLimit' },
  'x-ratelimit-remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'x-ratelimit-reset': { $ref: '#/components/headers/RateLimitReset' },
};

interface ResponseObject {
  headers?: Record<string, unknown>;
}

type Operations = Record<
  string,
  Record<string, { operationId?: string; responses?: Record<string, ResponseObject> }>
>;

/**
 * Adds `x-request-id` and the `x-ratelimit-*` headers to every response of the document,
 * `Retry-After` to every 429,
 * `idempotent-replayed` to a POST's answers that can be replays, and the headers of
 * `operationHeaders` to their operation's answers.
 */
export function declareResponseHeaders(paths: Operations): void {
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const own = operationHeaders[operation.operationId ?? ''] ?? {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        response.headers = {
          ...response.headers,
          'x-request-id': { $ref: '#/components/headers/RequestId' },
          ...rateLimitHeaders,
          ...(retryAfterStatuses.has(status)
            ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }
            : {}),
          ...(mayBeReplayed(method, status)
            ? { 'idempotent-replayed': { $ref: '#/components/headers/IdempotentReplayed' } }
            : {}),
          ...own[status],
        };
      }
    }
  }
}

interface ExportOperation {
  parameters?: { name: string; in: string; schema?: { enum?: unknown[] } }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * A list that takes `format=csv` (schemas/common.ts ExportFormat) also answers its 200 as
 * text/csv (http/csv.ts sendCsv streams it past the JSON schema, so swagger cannot see it).
 */
export function declareCsvExports(paths: Record<string, Record<string, ExportOperation>>): void {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const format = operation.parameters?.find((p) => p.in === 'query' && p.name === 'format');
      const ok = operation.responses?.['200'];
      if (!format?.schema?.enum?.includes('csv') || !ok) continue;
      ok.content = {
        ...ok.content,
        'text/csv': {
          schema: {
            type: 'string',
            description:
              'With format=csv or Accept: text/csv: every row the filters select, UTF-8 with a byte order mark, CRLF lines (docs/api.md "CSV exports")',
          },
        },
      };
    }
  }
}
