import { describe, expect, it } from 'vitest';
import { anyPending, mailStateWords, resendNote } from '../../../src/renderer/src/lib/mail-state.js';

const mail = { to: 'ada@example.com', status: 'pending' as const, attempts: 0, last_error: null };

describe('mailStateWords: what the till says about an order mail', () => {
  it('sent, queued and never tried, failed with the server’s reason', () => {
    expect(mailStateWords({ ...mail, status: 'sent', attempts: 1 })).toEqual({
      tone: 'ok',
      text: 'Sent to ada@example.com',
    });
    expect(mailStateWords(mail)).toEqual({
      tone: 'waiting',
      text: 'Queued for ada@example.com: waiting for the mail server',
    });
    expect(
      mailStateWords({ ...mail, status: 'failed', attempts: 1, last_error: '550 No such mailbox' }),
    ).toEqual({ tone: 'failed', text: 'Not sent to ada@example.com: 550 No such mailbox' });
  });

  it('tells an unreachable mail server (retried by itself) from another temporary refusal', () => {
    expect(
      mailStateWords({ ...mail, attempts: 3, last_error: 'SMTP server unreachable: connect ECONNREFUSED' })
        .text,
    ).toBe('Queued for ada@example.com: the mail server cannot be reached; it keeps trying (3 tries)');
    expect(mailStateWords({ ...mail, attempts: 2, last_error: '451 try later' }).text).toBe(
      'Queued for ada@example.com: will try again (2 tries; last: 451 try later)',
    );
  });

  it('anyPending: looks again only while something is on its way', () => {
    expect(anyPending([{ status: 'sent' }, { status: 'failed' }])).toBe(false);
    expect(anyPending([{ status: 'sent' }, { status: 'pending' }])).toBe(true);
    expect(anyPending([])).toBe(false);
  });
});

describe('resendNote: what the till says once "Email tickets…" is answered', () => {
  it('a new mail is queued; one still waiting to that address is named, not sent again', () => {
    expect(resendNote(mail, false, 'the Mail list below')).toBe(
      'The tickets are queued for ada@example.com; the Mail list below says when they are sent.',
    );
    expect(resendNote(mail, true, 'the line below')).toBe(
      'Already queued for ada@example.com; it goes out when the mail server answers (the line below says when). No second mail was queued.',
    );
  });
});
