import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { describe, expect, it } from 'vitest';
import { apiErrorFromValidation, paramFromPointer } from '../../../src/server/http/validation-errors.js';

describe('paramFromPointer', () => {
  it.each([
    ['', ''],
    ['/title', 'title'],
    ['/tickets/0/price_cents', 'tickets[0].price_cents'],
    ['/tickets/12', 'tickets[12]'],
    ['/buyer/email', 'buyer.email'],
    ['/items/1/attendees/0/name', 'items[1].attendees[0].name'],
    ['/a~1b/c~0d', 'a/b.c~d'],
  ])('%j → %j', (pointer, param) => {
    expect(paramFromPointer(pointer)).toBe(param);
  });
});

const error = (e: Partial<FastifySchemaValidationError>): FastifySchemaValidationError =>
  ({
    instancePath: '',
    schemaPath: '#',
    params: {},
    message: 'is invalid',
    ...e,
  }) as FastifySchemaValidationError;

describe('apiErrorFromValidation', () => {
  it('reports a missing property as missing_field with its full path', () => {
    const err = apiErrorFromValidation(
      [
        error({
          keyword: 'required',
          instancePath: '/tickets/1',
          params: { missingProperty: 'price_cents' },
        }),
      ],
      'body',
    );
    expect(err).toMatchObject({ statusCode: 400, code: 'missing_field', param: 'tickets[1].price_cents' });
  });

  it('reports an unknown property as invalid_field naming it', () => {
    const err = apiErrorFromValidation(
      [error({ keyword: 'additionalProperties', params: { additionalProperty: 'colour' } })],
      'body',
    );
    expect(err).toMatchObject({ code: 'invalid_field', param: 'colour' });
    expect(err.message).toMatch(/Unknown field: colour/);
  });

  it('reports a body that is not an object without a param', () => {
    const err = apiErrorFromValidation([error({ keyword: 'type', params: { type: 'object' } })], 'body');
    expect(err).toMatchObject({ code: 'invalid_field', param: undefined });
    expect(err.message).toMatch(/JSON object/);
  });

  it('reports a bad value with the field, in words a person uses', () => {
    const err = apiErrorFromValidation(
      [
        error({
          keyword: 'maximum',
          instancePath: '/max_per_order',
          params: { limit: 100 },
          message: 'must be <= 100',
        }),
      ],
      'body',
    );
    expect(err).toMatchObject({ code: 'invalid_field', param: 'max_per_order' });
    expect(err.message).toBe('max_per_order must be 100 or less.');
  });

  // Every schema keyword the routes use, in words; never Ajv's "must NOT have fewer than 1 characters".
  it.each([
    ['minLength', { limit: 1 }, 'name cannot be empty.'],
    ['minLength', { limit: 4 }, 'name must be at least 4 characters long.'],
    ['maxLength', { limit: 200 }, 'name can be at most 200 characters long.'],
    ['minimum', { limit: 0 }, 'name must be 0 or more.'],
    ['exclusiveMinimum', { limit: 0 }, 'name must be more than 0.'],
    ['maximum', { limit: 100 }, 'name must be 100 or less.'],
    ['exclusiveMaximum', { limit: 100 }, 'name must be less than 100.'],
    ['minItems', { limit: 1 }, 'name needs at least one entry.'],
    ['maxItems', { limit: 100 }, 'name can have at most 100 entries.'],
    ['enum', { allowedValues: ['public', 'unlisted'] }, 'name must be one of: public, unlisted.'],
    ['pattern', { pattern: '^[a-z]+$' }, 'name is not in the expected form.'],
    [
      'format',
      { format: 'date-time' },
      'name must be a date and time with its UTC offset, such as 2026-12-31T20:00:00+01:00.',
    ],
    ['format', { format: 'email' }, 'name must be an email address, such as ada@example.com.'],
    ['type', { type: 'integer' }, 'name must be a whole number.'],
    ['type', { type: 'string,null' }, 'name must be text or null.'],
    ['const', { allowedValue: 1 }, 'name must be equal to constant.'],
  ])('%s %j → %j', (keyword, params, message) => {
    const err = apiErrorFromValidation(
      [error({ keyword, instancePath: '/name', params, message: 'must be equal to constant' })],
      'body',
    );
    expect(err).toMatchObject({ code: 'invalid_field', param: 'name', message });
    expect(err.message).not.toMatch(/must NOT|must be [<>]=|must match/);
  });

  it('names the part when the whole querystring or params object is at fault', () => {
    expect(apiErrorFromValidation([error({ keyword: 'type' })], 'querystring')).toMatchObject({
      param: 'querystring',
    });
  });

  it('still answers when Ajv gave no error detail', () => {
    expect(apiErrorFromValidation([], 'body')).toMatchObject({ statusCode: 400, code: 'invalid_field' });
  });
});
