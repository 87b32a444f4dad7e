import type { FastifyInstance } from 'fastify';

/** Requests in flight get this long to finish once a shutdown starts; then their connections are cut. */
export const defaultDrainGraceMs = 4_000;

/**
 * Graceful shutdown over keep-alive. Fastify's close() stops accepting connections and reaps the
 * idle ones, but a connection busy at that moment stays open after its answer, so one keep-alive
 * client (a till, a browser) would hold the shutdown until it hangs up or keepAliveTimeout (72 s)
 * passes. Answers sent while draining therefore close their connection.
 *
 * A request that never completes (a client that sent its headers and half a body, then stalled)
 * would hold close() for ever, so after `graceMs` every connection still open is cut: the
 * shutdown goes on to stop the workers and close the store cleanly.
 */
export function installDrain(app: FastifyInstance, graceMs = defaultDrainGraceMs): void {
  let draining = false;
  let cut: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    draining = true;
    cut = setTimeout(() => {
      app.log.warn('shutdown: cutting connections still open after the drain grace period');
      app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    // The listener has closed once its last connection ended: nothing is left to cut.
    app.server.once('close', () => clearTimeout(cut));
  });
  // A callback hook, not async: it runs on every answer and must cost next to nothing.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
