import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { Lifecycle } from '../lifecycle.js';
import type { Db } from '../store/db.js';
import { addRouteHook } from './route-hooks.js';

const dayMs = 24 * 60 * 60 * 1000;

interface Pending {
  scope: string;
  key: string;
  hash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Pending | null;
  }
}

function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * `Idempotency-Key` on any POST (CONTRACT.md "Conventions"): the same key and body within 24 h
 * replays the first answer; another body is 409 `idempotency_key_reused`. Keys are per API key.
 * Answers are kept for 2xx and 4xx, like Stripe: a retried sold-out checkout stays sold out.
 * A request still running under the same key gets 409 `idempotency_key_in_use`.
 */
export function installIdempotency(
  app: FastifyInstance,
  db: Db,
  now: () => number,
  lifecycle: Lifecycle,
): void {
  const find = db.prepare(
    'SELECT request_hash, status_code, response FROM idempotency_keys WHERE api_key_id = ? AND key = ? AND created_at > ?',
  );
  const save = db.prepare(
    `INSERT INTO idempotency_keys (api_key_id, key, request_hash, status_code, response, created_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (api_key_id, key) DO UPDATE SET request_hash = excluded.request_hash,
       status_code = excluded.status_code, response = excluded.response, created_at = excluded.created_at`,
  );
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?');
  const inFlight = new Set<string>();

  purge.run(now() - dayMs);
  const purgeTimer = setInterval(() => purge.run(now() - dayMs), 60 * 60 * 1000);
  purgeTimer.unref();
  lifecycle.onStop('idempotency purge', () => clearInterval(purgeTimer));

  app.decorateRequest('idempotency', null);

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255) {
      throw new ApiError(
        400,
        'invalid_field',
        'Idempotency-Key must be 1 to 255 characters.',
        'Idempotency-Key',
      );
    }
    const scope = request.apiKey?.id ?? `ip:${request.ip}`;
    const hash = requestHash(request);
    const stored = find.get(scope, key, now() - dayMs) as
      { request_hash: string; status_code: number; response: string } | undefined;
    if (stored) {
      if (stored.request_hash !== hash) {
        throw new ApiError(
          409,
          'idempotency_key_reused',
          'This Idempotency-Key was used with a different request within the last 24 hours.',
          'Idempotency-Key',
        );
      }
      return reply
        .code(stored.status_code)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(stored.response);
    }
    const flightKey = `${scope}\n${key}`;
    if (inFlight.has(flightKey)) {
      throw new ApiError(
        409,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
        'Idempotency-Key',
      );
    }
    inFlight.add(flightKey);
    request.idempotency = { scope, key, hash };
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = null;
    inFlight.delete(`${pending.scope}\n${pending.key}`);
    const status = reply.statusCode;
    const keep = status < 500 && status !== 429 && typeof payload === 'string';
    if (keep) save.run(pending.scope, pending.key, pending.hash, status, payload, now());
    return payload;
  };

  // A request that dies before onSend (client gone) must not hold its key forever.
  const onResponse = async (request: FastifyRequest) => {
    const pending = request.idempotency;
    if (pending) inFlight.delete(`${pending.scope}\n${pending.key}`);
  };

  // Only POSTs take Idempotency-Key, so only POST routes carry these hooks.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    addRouteHook(route, 'preHandler', preHandler);
    addRouteHook(route, 'onSend', onSend);
    addRouteHook(route, 'onResponse', onResponse);
  });
}
