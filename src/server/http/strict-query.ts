import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

/**
 * A keyed /v2 route that declares no query parameters takes none: `GET /v2/events/{id}?expand=tiers`
 * is refused (400 `invalid_field`, `param` the parameter) as the lists refuse theirs, rather than
 * answered as if the caller had not asked (docs/api.md "Conventions"). Public routes (health, the
 * JWKS) keep ignoring them: monitors and caches add parameters of their own.
 */
export function installStrictQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v2/') || route.config?.access === 'public') return;
    if (route.schema?.querystring !== undefined) return;
    route.schema = { ...route.schema, querystring: Type.Object({}, { additionalProperties: false }) };
  });
}
