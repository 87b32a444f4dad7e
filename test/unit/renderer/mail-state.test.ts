import { describe, expect, it } from 'vitest';
import {
  anyPending,
  confirmationWaitingFor,
  mailServerSetupForIt,
  mailServerWords,
  mailWaitingWords,
  mailStateWords,
  resendAddressProblem,
  resendAdvice,
  resendNote,
  ordersToAsk,
  sentLaterTo,
  testMailWords,
} from '../../../src/renderer/src/lib/mail-state.js';

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
    // A server that answered but never greeted may want TLS from the start: a manager's fix.
    expect(
      mailStateWords({
        ...mail,
        attempts: 2,
        last_error:
          'SMTP server unreachable: Greeting never received (no greeting: if this server expects TLS from the start, use smtps:// in MARQUEE_SMTP_URL)',
      }).text,
    ).toBe(
      'Queued for ada@example.com: the mail server cannot be reached; it keeps trying (2 tries). It answers but never greets: a manager should check its TLS in Settings › Mail',
    );
    // One try is said as one, in every queued state.
    expect(
      mailStateWords({ ...mail, attempts: 1, last_error: 'SMTP server unreachable: connect ECONNREFUSED' })
        .text,
    ).toBe('Queued for ada@example.com: the mail server cannot be reached; it keeps trying (1 try)');
    expect(mailStateWords({ ...mail, attempts: 1, last_error: '451 try later' }).text).toBe(
      'Queued for ada@example.com: will try again (1 try; last: 451 try later)',
    );
    expect(mailStateWords({ ...mail, attempts: 2, last_error: '451 try later' }).text).toBe(
      'Queued for ada@example.com: will try again (2 tries; last: 451 try later)',
    );
    // With the outbox's next attempt, the seller is told when (local time, like the till's clock).
    const nextAttempt = new Date(2026, 11, 24, 19, 5).toISOString();
    expect(
      mailStateWords({ ...mail, attempts: 2, last_error: '451 try later', next_attempt_at: nextAttempt })
        .text,
    ).toBe('Queued for ada@example.com: will try again at 19:05 (2 tries; last: 451 try later)');
  });

  it('says the venue’s mail settings hold a mail back, not the buyer’s address', () => {
    const lastError =
      'Mail server settings: the mail server refused the user name or password in MARQUEE_SMTP_URL (the server said: 535 5.7.8 Authentication credentials invalid).';
    expect(mailStateWords({ ...mail, attempts: 4, last_error: lastError })).toEqual({
      tone: 'waiting',
      text: 'Queued for ada@example.com: not sent yet, because the mail server refused the user name or password in MARQUEE_SMTP_URL (the server said: 535 5.7.8 Authentication credentials invalid). It goes out once a manager fixes that (4 tries).',
    });
  });

  it('a refused address says so and what to do, keeping the server’s reply', () => {
    const lastError =
      "Can't send mail - all recipients were rejected: 550 5.1.1 <grace@gmial.com>: Recipient address rejected: User unknown";
    expect(
      mailStateWords({ ...mail, to: 'grace@gmial.com', status: 'failed', attempts: 1, last_error: lastError })
        .text,
    ).toBe(
      'Not sent to grace@gmial.com: the mail server refused this address (550 5.1.1 <grace@gmial.com>: Recipient address rejected: User unknown). Check it for a typo, then use Email tickets… to send to the right one.',
    );
  });

  it('a refused address points at the till button that puts it right: the buyer, or the ticket', () => {
    const refused = {
      ...mail,
      status: 'failed' as const,
      attempts: 1,
      last_error: "Can't send mail - all recipients were rejected: 550 5.1.1 User unknown",
    };
    expect(mailStateWords({ ...refused, kind: 'order_confirmation' }).text).toMatch(
      /Check it for a typo, then use Correct buyer… to send the tickets to the right one\.$/,
    );
    expect(mailStateWords({ ...refused, kind: 'ticket_transfer' }).text).toMatch(
      /put it right with Edit name… on the ticket, then Email ticket…\.$/,
    );
    // A cancelled event's tickets cannot be mailed again: no till button to point at.
    expect(mailStateWords({ ...refused, kind: 'event_cancelled' }).text).toMatch(
      /Tell them the event is cancelled another way \(phone, or your own mail\)\.$/,
    );
  });

  it('testMailWords: Sent says the server took it and where to look', () => {
    expect(testMailWords({ ...mail, to: 'me@example.com', status: 'sent', attempts: 1 })).toBe(
      'Sent to me@example.com: the mail server took it. Look for “Marquee test mail” in that inbox (or its spam folder).',
    );
    expect(testMailWords(mail)).toBe('Queued for ada@example.com: waiting for the mail server');
  });

  it('anyPending: looks again only while something is on its way', () => {
    expect(anyPending([{ status: 'sent' }, { status: 'failed' }])).toBe(false);
    expect(anyPending([{ status: 'sent' }, { status: 'pending' }])).toBe(true);
    expect(anyPending([])).toBe(false);
  });
});

describe('resendAdvice: what "Email tickets…" says before sending', () => {
  const sent = { ...mail, status: 'sent' as const };
  const warning =
    'A mail with these tickets to ada@example.com is still waiting to go out: the mail server has not answered yet. Sending again queues a second mail, and the buyer may get both.';

  it('warns, naming the address, when a mail to it (any letter case) is still waiting', () => {
    expect(resendAdvice([sent, { ...mail, to: 'Ada@Example.com' }], 'ada@example.com')).toEqual({
      warning,
      submitLabel: 'Send another anyway',
    });
  });

  it('plain Send when the mail to that address has gone out or failed, or waits for another address', () => {
    const plain = { warning: null, submitLabel: 'Send' };
    expect(resendAdvice([sent, { ...mail, status: 'failed' }], 'ada@example.com')).toEqual(plain);
    expect(resendAdvice([mail], 'bob@example.com')).toEqual(plain);
    expect(resendAdvice([mail], null)).toEqual(plain);
    expect(resendAdvice([], 'ada@example.com')).toEqual(plain);
  });
});

describe('confirmationWaitingFor: the mail Correct buyer… moves to the new address', () => {
  const waiting = {
    to: 'ada@exmaple.com',
    status: 'pending',
    kind: 'order_confirmation',
    ref: 'ord_1',
  } as const;

  it('finds the order confirmation still waiting for the old address, as the server moves it', () => {
    expect(confirmationWaitingFor([waiting], 'ord_1', 'ada@exmaple.com')).toBe(true);
  });

  it('ignores mail already sent or refused, another order, a transfer, and another address', () => {
    for (const other of [
      { ...waiting, status: 'sent' as const },
      { ...waiting, status: 'failed' as const },
      { ...waiting, ref: 'ord_2' },
      { ...waiting, kind: 'ticket_transfer' as const },
      // The server moves only mail to exactly the old address.
      { ...waiting, to: 'ADA@exmaple.com' },
    ])
      expect(confirmationWaitingFor([other], 'ord_1', 'ada@exmaple.com'), JSON.stringify(other)).toBe(false);
  });
});

describe('resendNote: what the till says once "Email tickets…" has queued the mail', () => {
  it('names the address and where its state shows', () => {
    expect(resendNote(mail, 'the Mail list below')).toBe(
      'The tickets are queued for ada@example.com; the Mail list below says when they are sent.',
    );
  });
});

describe('sentLaterTo: a failed order mail whose tickets went out later to another address', () => {
  const orderMail = (
    id: string,
    to: string,
    status: 'sent' | 'failed' | 'pending',
    minute: number,
    ref = 'ord_1',
  ) => ({
    id,
    to,
    status,
    kind: 'order_confirmation' as const,
    ref,
    created_at: `2026-12-24T18:${String(minute).padStart(2, '0')}:00.000Z`,
  });
  const typo = orderMail('mail_typo', 'grace@gmial.com', 'failed', 0);

  it('names the address of a later sent mail of the same order', () => {
    const fixed = orderMail('mail_fixed', 'grace@gmail.com', 'sent', 5);
    expect(sentLaterTo([typo], [typo, fixed])).toEqual({ mail_typo: 'grace@gmail.com' });
  });

  it('says nothing while the later one waits, for an earlier sent one, or for another order', () => {
    expect(
      sentLaterTo(
        [typo],
        [
          orderMail('mail_before', 'grace@old.example', 'sent', 0),
          orderMail('mail_waiting', 'grace@gmail.com', 'pending', 5),
          orderMail('mail_other', 'bob@example.com', 'sent', 6, 'ord_2'),
        ],
      ),
    ).toEqual({});
  });
});

describe('mailServerWords', () => {
  it('names where mail goes out, or in plain words that none is set up', () => {
    expect(mailServerWords({ host: 'smtp.example.com', port: 587, secure: false, login: true })).toBe(
      'Mail goes out through smtp.example.com:587 (with a login, TLS if the server offers it).',
    );
    expect(mailServerWords({ host: 'mail.example.org', port: 465, secure: true, login: false })).toBe(
      'Mail goes out through mail.example.org:465 (without a login, TLS from the start).',
    );
    expect(mailServerWords(null)).toBe(
      'No mail server is set up, so emails (tickets, confirmations) wait here and reach no one yet. Marquee cannot set one up from this screen: ask whoever looks after this computer, and show them the details below.',
    );
    // The environment variable is for the IT person, behind its own disclosure, not the lead line.
    expect(mailServerWords(null)).not.toContain('MARQUEE_SMTP_URL');
    expect(mailServerSetupForIt).toContain('MARQUEE_SMTP_URL');
  });
});

describe('resendAddressProblem: Email tickets… asks for an address in words', () => {
  it('asks for one when the order has no buyer address and none is typed', () => {
    expect(resendAddressProblem('', null)).toBe('Type the address to send the tickets to.');
    expect(resendAddressProblem('   ', null)).toBe('Type the address to send the tickets to.');
  });

  it('sends to what is typed, or to the buyer', () => {
    expect(resendAddressProblem('pat@example.com', null)).toBeNull();
    expect(resendAddressProblem('', 'ada@example.com')).toBeNull();
  });
});

describe('mailWaitingWords: how much mail waits, and how much of it the panel lists', () => {
  it('counts all of it when all is listed', () => {
    expect(mailWaitingWords(1, false, 1)).toBe('1 mail not sent yet.');
    expect(mailWaitingWords(42, false, 42)).toBe('42 mails not sent yet.');
  });

  it('says only the oldest are listed when there are more than shown', () => {
    expect(mailWaitingWords(130, false, 100)).toBe('130 mails not sent yet. The oldest 100 are listed.');
  });

  it('says "or more" past what the panel reads at once', () => {
    expect(mailWaitingWords(2000, true, 100)).toBe(
      '2,000 or more mails not sent yet. The oldest 100 are listed.',
    );
  });
});

describe('ordersToAsk: the orders Settings › Mail reads for the failed mails it lists', () => {
  const row = (
    ref: string | null,
    status: 'failed' | 'pending' = 'failed',
    kind: 'order_confirmation' | 'ticket_transfer' = 'order_confirmation',
  ) => ({ status, kind, ref });

  it('asks for each listed failed order mail’s order once', () => {
    expect(ordersToAsk([row('ord_1'), row('ord_2'), row('ord_1')], new Set())).toEqual(['ord_1', 'ord_2']);
  });

  it('leaves out orders already asked for, waiting mail, other kinds and mail without an order', () => {
    expect(
      ordersToAsk(
        [
          row('ord_1'),
          row('ord_2', 'pending'),
          row('ord_3', 'failed', 'ticket_transfer'),
          row(null),
          row('ord_4'),
        ],
        new Set(['ord_1']),
      ),
    ).toEqual(['ord_4']);
  });
});
