import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { Email } from '../../../src/server/schemas/email.js';
import { asciiDomain, envelopeAddress, isEmailAddress } from '../../../src/shared/email-address.js';

// ajv-formats is CommonJS; depending on the loader its callable sits on the default export or on it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * ajv-formats' email check, which the server used before it took internationalised domains: for
 * an all-ASCII address the two still agree.
 */
function serverAccepts(text: string): boolean {
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  return ajv.compile(Email)(text);
}

describe('isEmailAddress (what a screen checks before money moves)', () => {
  it.each([
    'ada@example.com',
    'Ada.Lovelace+tickets@mail.example.co.uk',
    "o'brien@example.ie",
    'a@b.co',
    // Addresses people type that a loose pattern lets through and the server refuses.
    'a..b@example.com',
    'name@example.com.',
    'a,b@example.com',
    'x@example_co.com',
    'x@-example.com',
    'no-at-sign.example.com',
    'two@@example.com',
    'spaces in@example.com',
    `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(187)}.com`,
  ])('agrees with the server about %j', (text) => {
    expect(isEmailAddress(text)).toBe(serverAccepts(text));
  });
});

describe('as mail servers see the domain', () => {
  it('takes a label of 63 octets, not 64 (RFC 1035)', () => {
    expect(isEmailAddress(`ada@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isEmailAddress(`ada@${'b'.repeat(64)}.com`)).toBe(false);
  });

  it('counts an internationalised domain in its punycode form, label and whole address alike', () => {
    // 30 ü are 30 characters typed but a 36-octet label in punycode; 60 of them pass 63.
    expect(isEmailAddress(`ada@${'ü'.repeat(30)}.de`)).toBe(true);
    expect(isEmailAddress(`ada@${'ü'.repeat(60)}.de`)).toBe(false);
    // Four labels that fit, typed in 4 × 50 + 3 + 3 characters, are over 254 once converted.
    const long = `${'a'.repeat(40)}@${Array.from({ length: 4 }, () => 'é'.repeat(50)).join('.')}.fr`;
    expect(long.length).toBeLessThanOrEqual(254);
    expect(isEmailAddress(long)).toBe(false);
  });
});

describe('internationalised domains (jörg@müller.de)', () => {
  it.each([
    ['jörg@müller.de', true],
    ['ada@exämple.de', true],
    ['ada@例え.jp', true],
    ['ada@xn--exmple-cua.de', true],
    // RFC 6531: the part before the @ in any script (sent with SMTPUTF8).
    ['zoë@example.com', true],
    ['адрес@пример.рф', true],
    ['zoë..x@example.com', false],
    ['zo ë@example.com', false],
    // What a URL would read as a path, a port or a second host is never a domain.
    ['ada@exämple.de/x', false],
    ['ada@exämple.de:25', false],
    ['ada@ex ämple.de', false],
    // An invisible zero-width space the URL parser would drop is not taken as part of the domain.
    ['ada@müller.de\u200b', false],
    ['ada@', false],
  ])('%j → %s', (text, ok) => {
    expect(isEmailAddress(text)).toBe(ok);
  });

  it('takes at most 64 bytes before the @ (RFC 5321), counted in UTF-8', () => {
    expect(isEmailAddress(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(65)}@example.com`)).toBe(false);
    // ö is two bytes in UTF-8: 32 of them are 64 bytes, one more letter is 65.
    expect(isEmailAddress(`${'ö'.repeat(32)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${'ö'.repeat(32)}a@example.com`)).toBe(false);
    // 例 is three bytes: 21 are 63, 22 are 66 though only 22 characters.
    expect(isEmailAddress(`${'例'.repeat(21)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${'例'.repeat(22)}@example.com`)).toBe(false);
    // An emoji is outside the letters the pattern takes anyway; a 4-byte letter (𝒜) counts 4.
    expect(isEmailAddress(`${'𝒜'.repeat(16)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${'𝒜'.repeat(16)}a@example.com`)).toBe(false);
  });

  it('checks the domain in the form mail servers see', () => {
    expect(asciiDomain('müller.de')).toBe('xn--mller-kva.de');
    expect(asciiDomain('example.com')).toBe('example.com');
    expect(asciiDomain('exämple.de?')).toBeNull();
    expect(envelopeAddress('jörg@müller.de')).toBe('jörg@xn--mller-kva.de');
    expect(envelopeAddress('ada@example.com')).toBe('ada@example.com');
  });
});
