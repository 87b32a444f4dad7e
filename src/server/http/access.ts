import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyRecord, ApiKeys, Scope } from '../domain/api-keys.js';
import { ApiError } from '../errors.js';
import { addRouteHook, isApiRoute } from './route-hooks.js';

/**
 * Who may call a /v2 route: `public` needs no key; otherwise the listed scopes (admin is always
 * allowed). A route that declares nothing is admin-only, so a forgotten declaration fails closed.
 */
export type Access = 'public' | readonly Scope[];

/** One /v2 route and who may call it, as declared. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    apiKey: ApiKeyRecord | null;
  }
  interface FastifyInstance {
    /**
     * Every /v2 route with its access, in declaration order: the scope tests probe each one, so a
     * new route without a decision for every scope fails them (test/api/scope-probe.test.ts).
     */
    routeAccess: readonly RouteAccess[];
  }
}

export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The key a keyed route's request authenticated as (set by the access hook before any handler). */
export function callerOf(request: FastifyRequest): ApiKeyRecord {
  if (!request.apiKey) throw new ApiError(401, 'invalid_api_key', 'No API key provided.');
  return request.apiKey;
}

export function isAllowed(access: Access, scope: Scope): boolean {
  return scope === 'admin' || (access !== 'public' && access.includes(scope));
}

/** The check one route needs, decided once when the route is declared. */
function accessCheck(access: readonly Scope[], url: string, method: string, keys: ApiKeys) {
  const needed = ['admin', ...access].join(' or ');
  return (request: FastifyRequest): void => {
    const secret = bearerSecret(request);
    if (secret === undefined) {
      throw new ApiError(
        401,
        'invalid_api_key',
        'No API key provided. Send it as "Authorization: Bearer sk_live_…".',
      );
    }
    const key = keys.authenticate(secret);
    if (!key) {
      throw new ApiError(401, 'invalid_api_key', 'The API key is unknown or has been revoked.');
    }
    request.apiKey = key;
    if (!isAllowed(access, key.scope)) {
      throw new ApiError(
        403,
        'insufficient_scope',
        `This key has scope '${key.scope}'; ${method} ${url} needs ${needed}.`,
      );
    }
  };
}

/**
 * Only the /v2 API takes keys; public pages, the UI's files and unmatched routes (answered by
 * the not-found handler) are open. Must be installed before any route is declared.
 */
export function installAccessControl(app: FastifyInstance, keys: ApiKeys): void {
  app.decorateRequest('apiKey', null);
  const declared: RouteAccess[] = [];
  app.decorate('routeAccess', declared);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route)) return;
    const access = route.config?.access ?? [];
    const methods = Array.isArray(route.method) ? route.method.join('|') : route.method;
    declared.push({ method: methods, url: route.url, access });
    if (access === 'public') return;
    const check = accessCheck(access, route.url, methods, keys);
    // A callback hook, first in line: authentication runs before rate limiting and handlers.
    const hook = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        check(request);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    addRouteHook(route, 'onRequest', hook, true);
  });
}
