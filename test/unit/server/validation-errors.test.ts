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

  it('reports a bad value with the field and Ajv’s reason', () => {
    const err = apiErrorFromValidation(
      [error({ keyword: 'maximum', instancePath: '/max_per_order', message: 'must be <= 100' })],
      'body',
    );
    expect(err).toMatchObject({ code: 'invalid_field', param: 'max_per_order' });
    expect(err.message).toBe('Invalid max_per_order: must be <= 100.');
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
