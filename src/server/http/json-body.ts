import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalidField } from '../errors.js';

/**
 * Fastify's JSON parser (with its prototype-poisoning protection), except that an empty body
 * counts as no body: clients commonly send `Content-Type: application/json` on bodiless POSTs
 * such as /publish, and refusing those would be pedantic.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Fastify also parses text/plain (what fetch() labels a string body) into a string, which the
  // schema then refuses as "not an object"; a 415 that says to send JSON is the honest answer.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  // A route without a body schema (publish, cancel, …) takes no fields, so any field sent is
  // unknown and refused like any other (CONTRACT.md); `{}` is accepted, as SDKs often send it.
  // Added per route, so GETs and routes with a body schema pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (route.schema?.body !== undefined) return;
    const methods = [route.method].flat();
    if (!methods.some((method) => bodyMethods.has(method))) return;
    route.preValidation = [route.preValidation ?? []].flat().concat(refuseBody);
  });
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuseBody(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const body: unknown = request.body;
  if (body === undefined) return done();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return done(new ApiError(400, 'invalid_field', 'This endpoint takes no request body.'));
  }
  const [first] = Object.keys(body);
  if (first === undefined) return done();
  done(invalidField(first, `Unknown field: ${first}. This endpoint takes no fields.`));
}
