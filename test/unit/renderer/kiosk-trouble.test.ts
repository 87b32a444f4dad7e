import { describe, expect, it } from 'vitest';
import { ApiRequestError, networkError } from '../../../src/renderer/src/api/api-error.js';
import {
  codeRefusalWords,
  kioskTrouble,
  payStoppedWords,
} from '../../../src/renderer/src/lib/kiosk-trouble.js';

const refused = (status: number, code: string, param?: string) =>
  new ApiRequestError(status, code, `server words for ${code}`, param);

describe('the kiosk’s troubles in the customer’s words', () => {
  it('tells a revoked key from a network blip, so "try again" is not said forever', () => {
    expect(kioskTrouble(networkError(new Error('down')))).toBe('unreachable');
    expect(kioskTrouble(refused(401, 'invalid_api_key'))).toBe('signed_out');
    expect(kioskTrouble(refused(429, 'rate_limited'))).toBe('busy');
    expect(kioskTrouble(refused(500, 'api_error'))).toBe('other');
    expect(payStoppedWords('signed_out')).toBe(
      'This kiosk is closed, so nothing was charged. Please buy your tickets at the box office.',
    );
    expect(payStoppedWords('unreachable')).toBe(
      'We cannot reach the box office right now, so nothing was charged. Please try again in a moment.',
    );
  });

  it('never shows the server’s wording about keys and seconds for a locked-out code', () => {
    const words = codeRefusalWords(
      new ApiRequestError(
        429,
        'rate_limited',
        'Too many wrong access codes from this key: try again in 595 s.',
      ),
    );
    expect(words).toBe(
      'Too many codes were tried on this screen. Codes can be tried again in a few minutes; or ask at the box office.',
    );
    expect(words).not.toMatch(/key|595/);
    expect(codeRefusalWords(refused(400, 'invalid_access_code', 'access_code'))).toBe(
      'That code does not unlock any tickets for this event.',
    );
    expect(codeRefusalWords(refused(400, 'invalid_field', 'access_code'))).toBe(
      'That code does not unlock any tickets for this event.',
    );
    expect(codeRefusalWords(refused(401, 'invalid_api_key'))).toMatch(/^This kiosk is closed/);
  });
});
