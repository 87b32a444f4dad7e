import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Attaches a hook to one route as it is declared (from an `onRoute` hook). Per-route hooks let
 * the request path skip concerns that do not apply (public routes skip authentication, GETs skip
 * idempotency) instead of every request asking "does this apply to me?".
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown, first = false): void {
  const existing = route[name];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, unknown[]>)[name] = first ? [hook, ...list] : [...list, hook];
}

export const isApiRoute = (route: RouteOptions): boolean => route.url.startsWith('/v2/');
