import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { Email } from '../../../src/server/schemas/email.js';
import { isEmailAddress } from '../../../src/shared/email-address.js';

// ajv-formats is CommonJS; depending on the loader its callable sits on the default export or on it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** The server's check of a buyer email: the Email schema under Ajv with ajv-formats, as http/validators.ts. */
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
    'zoë@example.com',
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
