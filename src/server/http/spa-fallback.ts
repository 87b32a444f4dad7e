import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
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
export async function spaFallback(app: FastifyInstance, options: { root: string }): Promise<void> {
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = pathOf(request);
    if (isUiNavigation(path, request.headers.accept)) {
      // The shell must never be cached stale: it names the hashed assets of the current build.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    const added = addedFile(options.root, path);
    return added === null ? reply.callNotFound() : reply.sendFile(added);
  });
}

/**
 * A UI file that appeared after the server started (the UI rebuilt, or updated while the desktop
 * app's server runs): the static plugin serves the files there at start, and the new index.html
 * names new hashed assets, which would 404 into a blank page until a restart. Only a file inside
 * the UI's folder; its path relative to it, or null.
 */
function addedFile(root: string, path: string): string | null {
  if (serverOwned.test(path) || !looksLikeFile.test(path)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const file = resolve(root, `.${decoded}`);
  if (!file.startsWith(`${resolve(root)}${sep}`)) return null;
  try {
    return statSync(file).isFile() ? relative(root, file) : null;
  } catch {
    return null;
  }
}
