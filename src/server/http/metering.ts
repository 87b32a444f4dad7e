import type { FastifyInstance } from 'fastify';
import type { UsageMeter } from '../domain/usage.js';

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
export function installMetering(app: FastifyInstance, meter: UsageMeter, flushEveryMs = 5_000): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.free || request.apiKey === null) return;
    if (reply.statusCode === 401 || reply.statusCode === 429) return;
    meter.count();
  });
  const timer = setInterval(() => meter.flush(), flushEveryMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    meter.flush();
  });
}
