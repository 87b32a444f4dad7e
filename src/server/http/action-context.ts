import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionContext } from '../domain/action-context.js';
import type { Answer } from '../domain/action-runner.js';

/**
 * The business action a request asks for: its key, that key's device, the staff member signed in
 * with `Marquee-Staff` (http/staff-session.ts), its Idempotency-Key.
 */
export function actionContext(request: FastifyRequest): ActionContext {
  const key = request.apiKey;
  return {
    actor: {
      apiKeyId: key?.id ?? null,
      deviceId: request.server.ctx.scan.presence.deviceFor(key)?.id ?? null,
      staffId: request.staffSession?.staffId ?? null,
    },
    idempotency: request.idempotency,
  };
}

/**
 * Sends the answer the action serialized in its transaction, byte for byte what a replay of its
 * Idempotency-Key sends.
 */
export function sendAnswer(reply: FastifyReply, answer: Answer<unknown>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
