import { describe, expect, it } from 'vitest';
import { mailTime, transferMail } from '../../../src/server/domain/transfer-mail.js';

const input = {
  to: 'grace@example.test',
  recipientName: 'Grace',
  senderName: 'Ada',
  eventTitle: 'Night <show>',
  venue: 'Main hall',
  doorsAt: '2026-12-24T19:00:00.000Z',
  tierName: 'A',
  walletUrl: 'https://venue.example/w/abc',
  message: undefined,
  qrPng: Buffer.from('png'),
};

describe('the transfer mail', () => {
  it('reads as a sentence whatever the tier is called, with the doors time for people', () => {
    const mail = transferMail(input);
    expect(mail.text).toContain(
      'Ada transferred a ticket for Night <show> (A; Main hall, doors Thu, 24 Dec 2026, 19:00 UTC) to you.',
    );
    expect(mail.html).toContain('Night &lt;show&gt;');
    expect(mail.html).not.toContain('<show>');
  });

  it('says the link is what to open at the door; the inline code only works right away', () => {
    const mail = transferMail(input);
    expect(mail.text).toContain('Open it at the door: the QR code on that page is always current.');
    expect(mail.text).toContain('only valid for a few minutes');
    expect(mail.html).toContain('only valid for a few minutes');
  });

  it('formats a doors time, and leaves something it cannot read as it is', () => {
    expect(mailTime('2027-01-01T00:05:00.000Z')).toBe('Fri, 01 Jan 2027, 00:05 UTC');
    expect(mailTime('soon')).toBe('soon');
    expect(transferMail({ ...input, doorsAt: '' }).text).toContain('(A; Main hall) to you.');
  });
});
