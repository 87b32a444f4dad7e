import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * Per-key limit (requests per minute, CONTRACT.md `MARQUEE_RATE_LIMIT`); keyless callers are
 * limited per address. The plugin sets `Retry-After` before it throws our 429.
 *
 * The counter is the key the request AUTHENTICATED as (access.ts runs first and sets
 * `request.apiKey`), never the Bearer text sent: counting under whatever was sent let any made-up
 * value start a fresh allowance on a public route, and a flood of made-up values pushed a real
 * key's counter out of the limiter's bounded store, resetting it. A bad key on a public route is
 * ignored, so that request counts against its address.
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.apiKey ? `key:${request.apiKey.id}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'rate_limited',
        `Too many requests: the limit is ${context.max} per minute for this key. Retry after ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
}
