import type { FastifyRequest } from 'fastify';

/**
 * preValidation hook for POSTs whose body is all optional (refund, void): sending no body at all
 * means "all defaults", so it is validated as `{}` instead of failing "must be an object".
 */
export async function bodyDefaultsToEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}
