import type { FastifyInstance } from "fastify";
import type { UsageMeter } from "../domain/usage.js";
import type { Lifecycle } from "../lifecycle.js";

declare module "fastify" {
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
  flushEveryMs = 5_000,
): void {
  app.addHook("onResponse", async (request, reply) => {
    if (request.routeOptions.config.free || request.apiKey === null) return;
    if (reply.statusCode === 401 || reply.statusCode === 429) return;
    meter.count();
  });
  const timer = setInterval(() => meter.flush(), flushEveryMs);
  timer.unref();
  lifecycle.onStop("usage meter", () => {
    clearInterval(timer);
    meter.flush();
  });
}
