import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifyInstance } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';
import { isCurrencyCode } from '../../shared/currencies.js';
import { isEmailAddress } from '../../shared/email-address.js';
import { currencyFormat } from '../schemas/common.js';
import { parseIso } from '../time.js';
import { lazyValidator } from './lazy-compilers.js';
import { strictQueryText } from './strict-query-text.js';

// ajv-formats is CommonJS; depending on the loader its callable sits on the default export or on it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    removeAdditional: false,
    // Errors carry the refused value, so a message can quote it ('dollars' is not a currency).
    verbose: true,
    ...options,
  });
  addFormats(ajv);
  // RFC 3339 as Ajv checks it, and readable by the code that stores it: a timestamp that passed
  // the schema but not Date.parse (`+01`, `23:59:60`) used to be stored as null or fail as a 500.
  const rfc3339 = fullFormats['date-time'] as {
    validate: (value: string) => boolean;
    compare: (a: string, b: string) => number | undefined;
  };
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => rfc3339.validate(value) && !Number.isNaN(parseIso(value)),
    compare: rfc3339.compare,
  });
  ajv.addFormat(currencyFormat, { type: 'string', validate: isCurrencyCode });
  // ajv-formats' email refuses an internationalised domain (jörg@müller.de) that mail takes.
  ajv.addFormat('email', { type: 'string', validate: isEmailAddress });
  return ajv;
}

/**
 * Bodies are validated as sent: no type coercion ("10" is not 10) and unknown fields refused.
 * Query strings and path parameters are text by nature, so they are coerced to their types; an
 * integer among them only from plain digits (strict-query-text.ts), never `0x5` or `1e1`.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv({ coerceTypes: false, useDefaults: true });
  const textAjv = makeAjv({ coerceTypes: true, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => {
      if (httpPart === 'body') return bodyAjv.compile(schema) as unknown as FastifyValidationResult;
      return strictQueryText(schema, textAjv.compile(schema) as unknown as FastifyValidationResult);
    }),
  );
}
