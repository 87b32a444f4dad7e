import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UsageMeter } from '../domain/usage.js';
import type { Lifecycle } from '../lifecycle.js';
import type { StorageHealth } from '../store/storage-health.js';
import { addRouteHook, isApiRoute } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Not a billable REST call (spec "Limits": scan validations, health; CONTRACT.md "Usage"). */
    free?: boolean;
  }
}

/**
 * A billable call is an authenticated /v2 request that got past authentication and the rate
 * limiter; refused keys and 429s are not charged. See docs/api.md "Usage".
 */
export function installMetering(
  app: FastifyInstance,
  meter: UsageMeter,
  lifecycle: Lifecycle,
  storage: StorageHealth,
  flushEveryMs = 5_000,
): void {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route) || route.config?.free) return;
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.apiKey !== null && reply.statusCode !== 401 && reply.statusCode !== 429) meter.count();
      done();
    };
    addRouteHook(route, 'onResponse', hook);
  });
  // A throw in a timer would end the process; a full disk only delays the counts.
  const timer = setInterval(() => storage.background('usage flush', () => meter.flush()), flushEveryMs);
  timer.unref();
  lifecycle.onStop('usage meter', () => {
    clearInterval(timer);
    meter.flush();
  });
}
