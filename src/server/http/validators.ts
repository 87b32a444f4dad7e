import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';
import { lazyValidator } from './lazy-compilers.js';

// ajv-formats is CommonJS; depending on the loader its callable sits on the default export or on it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    removeAdditional: false,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Bodies are validated as sent: no type coercion ("10" is not 10) and unknown fields refused.
 * Query strings and path parameters are text by nature, so they are coerced to their types.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv({ coerceTypes: false, useDefaults: true });
  const textAjv = makeAjv({ coerceTypes: true, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(
      () => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema) as unknown as FastifyValidationResult,
    ),
  );
}
