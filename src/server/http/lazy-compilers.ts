import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';

/**
 * Fastify compiles every route's validators and serializers before it listens; with ~60 routes
 * that is most of a cold start (Ajv and fast-json-stringify took ~400 ms of ~650 ms here). A
 * venue server restarted at the door should answer within a second, so each is compiled on
 * the first request that needs it instead (a few ms, once per route).
 */
export function lazily<Args extends unknown[], R>(compile: () => (...args: Args) => R): (...args: Args) => R {
  let compiled: ((...args: Args) => R) | undefined;
  return (...args) => (compiled ??= compile())(...args);
}

/** A validator compiled on first use that exposes the compiled one's `errors`, as Fastify reads them. */
export function lazyValidator(compile: () => FastifyValidationResult): FastifyValidationResult {
  let compiled: FastifyValidationResult | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  }) as FastifyValidationResult;
  return validate;
}

const defaultSerializerFactory = SerializerSelector();

export const lazySchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildSerializer: (externalSchemas: unknown, serializerOptions: unknown) => {
      const compile = defaultSerializerFactory(externalSchemas as never, serializerOptions as never);
      return (routeSchema: Parameters<typeof compile>[0]) => lazily(() => compile(routeSchema));
    },
  },
};
