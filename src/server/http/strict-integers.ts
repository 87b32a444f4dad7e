import type { FastifySchemaValidationError, FastifyValidationResult } from 'fastify/types/schema.js';

/**
 * Query strings are coerced to their schema's types, and Ajv's coercion takes anything that
 * JavaScript's `Number()` reads: `limit=0x5`, `1e1`, `+5`, `05` and ` 5` all became numbers. An
 * integer parameter takes only a whole number written plainly (digits, an optional leading minus,
 * no leading zero); anything else is refused as not a whole number, with `param` the parameter.
 */
const plainInteger = /^(0|-?[1-9][0-9]*)$/;

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

/** The names of a query schema's integer properties (none: no check needed). */
function integerProperties(schema: unknown): string[] {
  const properties = (schema as ObjectSchema | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
}

function notAWholeNumber(name: string, value: string): FastifySchemaValidationError {
  return {
    keyword: 'type',
    instancePath: `/${name}`,
    schemaPath: `#/properties/${name}/type`,
    params: { type: 'integer' },
    message: 'must be integer',
    data: value,
  } as FastifySchemaValidationError;
}

/** Wraps a coercing validator so its integer parameters are read strictly before Ajv coerces them. */
export function strictIntegerText(
  schema: unknown,
  validate: FastifyValidationResult,
): FastifyValidationResult {
  const integers = integerProperties(schema);
  if (integers.length === 0) return validate;
  const strict = ((data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const bad = integers.find((name) => typeof values[name] === 'string' && !plainInteger.test(values[name]));
    if (bad !== undefined) {
      strict.errors = [notAWholeNumber(bad, values[bad] as string)];
      return false;
    }
    const result = validate(data);
    strict.errors = validate.errors;
    return result;
  }) as FastifyValidationResult;
  return strict;
}
