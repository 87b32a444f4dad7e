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

/** The names of a query schema's properties whose type is `type` (or, with `not`, is not). */
function propertiesTyped(schema: unknown, type: string, not = false): string[] {
  const properties = (schema as ObjectSchema | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => (property.type === type) !== not)
    .map(([name]) => name);
}

/**
 * `limit=5&limit=6` reaches the validator as a list; Ajv would then say "must be a whole number",
 * which sends an integrator looking at the value instead of at the repeat.
 */
function givenTwice(name: string, value: unknown): FastifySchemaValidationError {
  return {
    keyword: 'repeated',
    instancePath: `/${name}`,
    schemaPath: `#/properties/${name}`,
    params: {},
    message: 'was given more than once',
    data: value,
  } as FastifySchemaValidationError;
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

/**
 * Wraps a coercing validator so a parameter given twice is refused as such, and integer
 * parameters are read strictly, before Ajv coerces them.
 */
export function strictQueryText(schema: unknown, validate: FastifyValidationResult): FastifyValidationResult {
  const integers = propertiesTyped(schema, 'integer');
  const singles = propertiesTyped(schema, 'array', true);
  if (singles.length === 0) return validate;
  const strict = ((data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const repeated = singles.find((name) => Array.isArray(values[name]));
    if (repeated !== undefined) {
      strict.errors = [givenTwice(repeated, values[repeated])];
      return false;
    }
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
