import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { Static, TSchema } from 'typebox';
import { componentsById } from './components.js';

const serializerFactory = SerializerSelector();

/**
 * With the named components as external schemas, as Fastify has them (app.addSchema), so
 * `ref(Ticket)` inside Order resolves. A fresh set for every compile: the compiler drops the
 * compiled schema's own `$id` from the set it was given, for good, so a shared set would lose
 * Ticket once Ticket itself had been compiled.
 */
const compileResponse = (schema: TSchema) =>
  serializerFactory(componentsById(), {})({ schema, method: 'POST', url: '', httpStatus: '200' });

/**
 * Serializes a value exactly as a route whose 200 response is `schema` would: the compiler and
 * options Fastify uses for responses. For a service that serializes its answer itself, so one
 * pass feeds both the HTTP answer (sent as the string) and the webhook message that carries the
 * same object (domain/outbox.ts): JSON.stringify of an order's message was ~5 % of a checkout's
 * CPU when an endpoint took it.
 */
export function responseJson<S extends TSchema>(schema: S): (value: Static<S>) => string {
  // Compiled on first use, like the routes' own (http/lazy-compilers.ts): cold starts stay fast.
  let serialize: ((value: Static<S>) => string) | undefined;
  return (value) => (serialize ??= compileResponse(schema) as (value: Static<S>) => string)(value);
}
