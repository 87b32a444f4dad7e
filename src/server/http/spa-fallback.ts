import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths owned by the server itself: the API and the public event and wallet pages. */
const serverOwned = /^\/(v2|e|w)(\/|$)/;
/** A last path segment with an extension asks for a file (a missing asset), never for a screen. */
const looksLikeFile = /\/[^/]*\.[^/]*$/;

/** Whether a GET is a browser navigating to one of the UI's own routes (/sell, /events/evt_…). */
export function isUiNavigation(path: string, accept: string | undefined): boolean {
  if (serverOwned.test(path) || looksLikeFile.test(path)) return false;
  return (accept ?? '').includes('text/html');
}

/**
 * The UI routes by path (/sell, /orders/ord_…, /door), so a reload or a typed address must answer
 * the UI's index.html rather than a 404; the UI's router then shows the right screen. Everything
 * else keeps the API's JSON 404. Needs @fastify/static registered first (for `reply.sendFile`).
 */
export async function spaFallback(app: FastifyInstance): Promise<void> {
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (!isUiNavigation(pathOf(request), request.headers.accept)) return reply.callNotFound();
    // The shell must never be cached stale: it names the hashed assets of the current build.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
