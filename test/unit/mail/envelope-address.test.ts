import { describe, expect, it } from 'vitest';
import { nodemailerMessage } from '../../../src/server/mail/mail-message.js';

describe('the address a mail goes out to', () => {
  it('carries an internationalised domain as punycode, so a relay without SMTPUTF8 takes it', () => {
    const mail = { to: 'ada@müller.de', subject: 'Your tickets', text: 'Hello' };
    expect(nodemailerMessage('mail_1', mail, 'Box office <box@venue.example>').to).toBe(
      'ada@xn--mller-kva.de',
    );
  });

  it('leaves an ASCII address, and the part before the @, as typed', () => {
    const from = 'box@venue.example';
    expect(nodemailerMessage('mail_2', { to: 'Ada@Example.com', subject: 's', text: 't' }, from).to).toBe(
      'Ada@Example.com',
    );
    expect(nodemailerMessage('mail_3', { to: 'jörg@müller.de', subject: 's', text: 't' }, from).to).toBe(
      'jörg@xn--mller-kva.de',
    );
  });
});
