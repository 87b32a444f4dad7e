import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { ApiError, invalidField } from '../errors.js';
import { illFormedTextPath, mayHoldLoneSurrogate } from './lone-surrogates.js';
import { prototypeKeyRefusal } from './prototype-keys.js';

/**
 * Fastify's JSON parser (with its prototype-poisoning protection), except that an empty body
 * counts as no body: clients commonly send `Content-Type: application/json` on bodiless POSTs
 * such as /publish, and refusing those would be pedantic.
 *
 * The body is read as bytes and must be UTF-8 (RFC 8259). Decoded as a string straight away, a
 * Latin-1 or Windows-1252 "Zoë" became "Zo\uFFFD" and was stored, printed on her ticket and mailed
 * to her; now it is refused before anything is written, and the message says how to send it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Fastify also parses text/plain (what fetch() labels a string body) into a string, which the
  // schema then refuses as "not an object"; a 415 that says to send JSON is the honest answer.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (isCompressed(request)) return done(compressed(), undefined);
    if (!isUtf8(bytes)) return done(notUtf8(), undefined);
    const text = bytes.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      // Only a refused body is read again, to tell a prototype key from broken JSON.
      if (error) return done(prototypeKeyRefusal(text) ?? error, undefined);
      if (!mayHoldLoneSurrogate(text)) return done(null, value);
      // A bare string is no object, which the routes refuse anyway; inside one, name the field.
      const path = illFormedTextPath(value);
      if (path === null || path === '') return done(null, value);
      done(notUnicodeText(path), undefined);
    });
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

/**
 * Nothing here inflates a request body. Read as it came, a gzipped body was refused as "not valid
 * UTF-8 … Latin-1", which sent the sender looking for a charset problem; a body in an encoding
 * the server does not read is 415, saying which.
 */
const isCompressed = (request: FastifyRequest): boolean => {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  return encoding !== undefined && encoding !== '' && encoding !== 'identity';
};

const compressed = (): ApiError =>
  new ApiError(
    415,
    'unsupported_media_type',
    'Request bodies cannot be compressed (Content-Encoding): send plain JSON text in UTF-8.',
  );

const notUtf8 = (): ApiError =>
  new ApiError(
    400,
    'invalid_json',
    'The request body is not valid UTF-8. Send JSON text encoded as UTF-8 (a name such as “Zoë” ' +
      'in Latin-1 or Windows-1252 bytes is not).',
  );

// Half a surrogate pair (see lone-surrogates.ts); the field is named so the sender finds its cut.
const notUnicodeText = (path: string): ApiError =>
  invalidField(
    path,
    `${path} is not valid Unicode text: it holds half of a UTF-16 surrogate pair (an escape such ` +
      'as \\ud83d without its partner), as a string cut in the middle of an emoji does.',
  );

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
