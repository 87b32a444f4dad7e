import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import { currencyProblem } from '../../shared/currencies.js';
import { currencyFormat } from '../schemas/common.js';
import { ApiError } from '../errors.js';

/** `/tickets/0/price_cents` → `tickets[0].price_cents`, the form Stripe-style `param`s take. */
export function paramFromPointer(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

const join = (base: string, name: string): string => (base ? `${base}.${name}` : name);

/** Ajv's first error, as the contract's `missing_field` / `invalid_field` with the field in `param`. */
export function apiErrorFromValidation(
  errors: FastifySchemaValidationError[],
  context: SchemaErrorDataVar | undefined,
): ApiError {
  const where = context === 'body' || context === undefined ? 'body' : context;
  const first = errors[0];
  if (!first) return new ApiError(400, 'invalid_field', `The ${where} is invalid.`);
  const base = paramFromPointer(first.instancePath);
  const params = first.params as Record<string, unknown>;
  switch (first.keyword) {
    case 'required': {
      const field = join(base, String(params.missingProperty));
      return new ApiError(400, 'missing_field', `Missing required field: ${field}.`, field);
    }
    case 'additionalProperties': {
      const field = join(base, String(params.additionalProperty));
      return new ApiError(
        400,
        'invalid_field',
        `Unknown field: ${field}. Unknown fields are refused.`,
        field,
      );
    }
    case 'format': {
      const value = (first as { data?: unknown }).data;
      if (params.format === currencyFormat && typeof value === 'string') {
        const field = base || where;
        return new ApiError(400, 'invalid_field', currencyProblem(value) ?? `Invalid ${field}.`, field);
      }
      break;
    }
    case 'type':
      if (first.instancePath === '' && where === 'body') {
        return new ApiError(400, 'invalid_field', 'The request body must be a JSON object.');
      }
      break;
  }
  const field = base || where;
  return new ApiError(400, 'invalid_field', `Invalid ${field}: ${first.message ?? 'invalid value'}.`, field);
}
