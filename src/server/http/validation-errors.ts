import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import { currencyProblem } from '../../shared/currencies.js';
import {
  currencyFormat,
  filledOneLinePattern,
  filledTextPattern,
  oneLinePattern,
  oneLineWords,
  pinPattern,
  plainTextPattern,
} from '../schemas/common.js';
import { stewardReasonPattern } from '../../shared/steward-reason.js';
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

const typeWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const formatWords: Record<string, string> = {
  'date-time': 'a date and time with its UTC offset, such as 2026-12-31T20:00:00+01:00',
  email: 'an email address, such as ada@example.com',
  uri: 'a full web address, such as https://example.com/hook',
};

/**
 * Ajv's reason in words a person uses ("cannot be empty", not "must NOT have fewer than 1
 * characters"): the message is shown as it is by the box office and by integrators' own screens.
 * Undefined for a keyword with no better words than Ajv's own.
 */
export function plainReason(keyword: string, params: Record<string, unknown>): string | undefined {
  const limit = Number(params.limit);
  switch (keyword) {
    case 'minLength':
      return limit <= 1 ? 'cannot be empty' : `must be at least ${limit} characters long`;
    case 'maxLength':
      return `can be at most ${limit} characters long`;
    case 'minimum':
      return `must be ${limit} or more`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'maximum':
      return `must be ${limit} or less`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'minItems':
      return limit <= 1 ? 'needs at least one entry' : `needs at least ${limit} entries`;
    case 'maxItems':
      return `can have at most ${limit} entries`;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      return `must be one of: ${allowed.join(', ')}`;
    }
    case 'pattern':
      if (params.pattern === plainTextPattern)
        return 'cannot contain control characters other than tab and line breaks';
      if (params.pattern === oneLinePattern) return oneLineWords;
      if (params.pattern === pinPattern) return 'must be 4 to 8 digits';
      return 'is not in the expected form';
    case 'format': {
      const words = formatWords[String(params.format)];
      return words ? `must be ${words}` : undefined;
    }
    case 'repeated':
      return 'was given more than once; give it once';
    case 'type': {
      const words = String(params.type)
        .split(',')
        .map((type) => typeWords[type] ?? type);
      return `must be ${words.join(' or ')}`;
    }
  }
  return undefined;
}

/**
 * Patterns that refuse both a blank value and some characters, with the words for the second:
 * a steward's reason (one line), a name or title (schemas/common.ts FilledText) and a venue's
 * name (FilledOneLineText).
 */
const blankOrWords = new Map<string, string>([
  [stewardReasonPattern, 'must be one line, without line breaks, tabs or other control characters'],
  [filledTextPattern, 'cannot contain control characters other than tab and line breaks'],
  [filledOneLinePattern, oneLineWords],
]);

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
    case 'pattern': {
      // One pattern that says two things (blank, or a character refused): the value tells which.
      const value = (first as { data?: unknown }).data;
      const otherwise = blankOrWords.get(String(params.pattern));
      if (otherwise !== undefined && typeof value === 'string') {
        const field = base || where;
        const words = value.trim() === '' ? 'cannot be blank' : otherwise;
        return new ApiError(400, 'invalid_field', `${field} ${words}.`, field);
      }
      break;
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
  const reason = plainReason(first.keyword, params) ?? first.message ?? 'is not valid';
  return new ApiError(400, 'invalid_field', `${field} ${reason}.`, field);
}
