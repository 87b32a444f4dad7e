import type { FastifyInstance } from 'fastify';
import { holdersNotifiedHeader } from '../schemas/events.js';

/** What the UI sends: its key, JSON bodies, retried sales, and the scan feed's resume point. */
const allowedHeaders = 'authorization, content-type, idempotency-key, last-event-id';
const allowedMethods = 'GET, POST, PATCH, DELETE';

/**
 * `npm run dev` serves the UI from Vite's dev server (hot reload), another origin than the API's,
 * so the browser asks before every call. Only that one origin is answered, and only when the
 * desktop shell passes it (never in a packaged app, never from the headless server's settings):
 * production pages are served by the API's own origin and need no CORS at all.
 */
export function installDevCors(app: FastifyInstance, devOrigin: string): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.origin !== devOrigin) return done();
    reply.header('access-control-allow-origin', devOrigin);
    reply.header('vary', 'Origin');
    // The cancel dialog reads how many holders were mailed (routes/events.ts).
    reply.header('access-control-expose-headers', holdersNotifiedHeader.toLowerCase());
    if (request.method !== 'OPTIONS') return done();
    // A preflight: answered here, before routing, authentication and rate limiting.
    reply
      .code(204)
      .header('access-control-allow-methods', allowedMethods)
      .header('access-control-allow-headers', allowedHeaders)
      .header('access-control-max-age', '600')
      .send();
  });
}
