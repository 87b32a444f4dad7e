import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown over keep-alive. Fastify's close() stops accepting connections and reaps the
 * idle ones, but a connection busy at that moment stays open after its answer, so one keep-alive
 * client (a till, a browser) would hold the shutdown until it hangs up or keepAliveTimeout (72 s)
 * passes. Answers sent while draining therefore close their connection.
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // A callback hook, not async: it runs on every answer and must cost next to nothing.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
