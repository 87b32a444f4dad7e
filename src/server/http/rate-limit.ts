import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { hashSecret } from '../domain/api-keys.js';
import { ApiError } from '../errors.js';
import { bearerSecret } from './access.js';

/**
 * Per-key limit (requests per minute, CONTRACT.md `MARQUEE_RATE_LIMIT`); keyless callers are
 * limited per address. The plugin sets `Retry-After` before it throws our 429.
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const secret = bearerSecret(request);
      return secret ? `key:${hashSecret(secret)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'rate_limited',
        `Too many requests: the limit is ${context.max} per minute for this key. Retry after ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
}
