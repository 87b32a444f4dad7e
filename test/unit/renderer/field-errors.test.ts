import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorFromResponse, networkError } from '../../../src/renderer/src/api/api-error.js';
import { fieldForParam, splitError } from '../../../src/renderer/src/lib/field-errors.js';

describe('errorFromResponse', () => {
  it('keeps the envelope’s code, message, param and type', () => {
    const err = errorFromResponse(400, {
      error: {
        type: 'invalid_request_error',
        code: 'invalid_field',
        message: 'quantity cannot go below 3.',
        param: 'quantity',
      },
    });
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({
      status: 400,
      code: 'invalid_field',
      message: 'quantity cannot go below 3.',
      param: 'quantity',
      type: 'invalid_request_error',
    });
  });

  it('says what it knows when the body is not our envelope', () => {
    expect(errorFromResponse(502, 'Bad gateway')).toMatchObject({
      status: 502,
      code: 'http_502',
      param: undefined,
    });
    expect(errorFromResponse(500, { error: 'nope' }).message).toBe('The venue server answered HTTP 500.');
  });

  it('marks an unreachable server as a network error', () => {
    const err = networkError(new TypeError('fetch failed'));
    expect(err.isNetwork).toBe(true);
    expect(err.code).toBe('network_error');
  });
});

describe('splitError', () => {
  const fields = ['name', 'price', 'quantity', 'access_code'];

  it('puts a refusal on the field named by param', () => {
    const err = new ApiRequestError(400, 'invalid_field', 'Too low.', 'quantity');
    expect(splitError(err, fields)).toEqual({ fields: { quantity: 'Too low.' }, form: null });
  });

  it('follows aliases and nested params to the form’s field', () => {
    expect(fieldForParam('price_cents', fields, { price_cents: 'price' })).toBe('price');
    expect(fieldForParam('tickets[1].access_code', fields)).toBe('access_code');
    expect(fieldForParam('buyer.email', ['buyer.email'])).toBe('buyer.email');
  });

  it('keeps errors without a known field above the form', () => {
    expect(splitError(new ApiRequestError(409, 'tier_has_sales', 'Has sales.'), fields)).toEqual({
      fields: {},
      form: 'Has sales.',
    });
    expect(
      splitError(new ApiRequestError(400, 'invalid_field', 'Bad currency.', 'currency'), fields).form,
    ).toBe('Bad currency.');
    expect(splitError(new Error('boom'), fields)).toEqual({ fields: {}, form: 'boom' });
  });
});
