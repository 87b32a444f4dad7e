import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  decideRetry,
  defaultMailRetryPolicy,
  type MailRetryPolicy,
} from '../../../src/server/mail/mail-retry-policy.js';

const policy = defaultMailRetryPolicy;

describe('decideRetry', () => {
  it('backs off 10 s, 30 s, 2 min, 10 min, 30 min, then hourly', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 12].map((attempts) => {
      const decision = decideRetry(policy, 'transient', attempts, 0);
      return decision.action === 'retry' ? decision.at / 1000 : null;
    });
    expect(waits).toEqual([10, 30, 120, 600, 1800, 3600, 3600, 3600]);
  });

  it('gives a transiently refused mail about a day before it fails', () => {
    let waited = 0;
    let attempts = 0;
    for (;;) {
      attempts++;
      const decision = decideRetry(policy, 'transient', attempts, waited);
      if (decision.action === 'fail') break;
      waited = decision.at;
    }
    expect(attempts).toBe(30);
    expect(waited / 3_600_000).toBeCloseTo(24.71, 1);
  });

  it('never fails a mail because the server was unreachable, and tries again within 30 s', () => {
    expect(decideRetry(policy, 'unreachable', 10_000, 5)).toEqual({ action: 'retry', at: 5 + 30_000 });
    expect(decideRetry(policy, 'unreachable', 1, 5)).toEqual({ action: 'retry', at: 5 + 10_000 });
  });

  it('fails a permanently refused mail at once', () => {
    expect(decideRetry(policy, 'permanent', 1, 0)).toEqual({ action: 'fail' });
  });

  it('takes a shrunk schedule from tests', () => {
    const fast: MailRetryPolicy = { backoffMs: [5], maxAttempts: 2, unreachableRetryMs: 5 };
    expect(decideRetry(fast, 'transient', 1, 100)).toEqual({ action: 'retry', at: 105 });
    expect(decideRetry(fast, 'transient', 2, 100)).toEqual({ action: 'fail' });
  });
});

describe('classifyFailure', () => {
  it('reads SMTP reply codes: 5xx permanent, 4xx transient', () => {
    expect(classifyFailure(Object.assign(new Error('550 No such mailbox'), { responseCode: 550 }))).toBe(
      'permanent',
    );
    expect(classifyFailure(Object.assign(new Error('451 Try later'), { responseCode: 451 }))).toBe(
      'transient',
    );
  });

  it('treats socket and DNS failures as unreachable, in the shapes nodemailer gives them', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' });
    expect(classifyFailure(refused)).toBe('unreachable');
    expect(classifyFailure(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }))).toBe(
      'unreachable',
    );
    expect(classifyFailure(Object.assign(new Error('getaddrinfo ENOTFOUND smtp.x'), { code: 'EDNS' }))).toBe(
      'unreachable',
    );
  });

  it('counts a server that went silent after greeting as a failed attempt, not an outage', () => {
    // nodemailer's socket inactivity timeout (e.g. no reply after DATA): the server was reached.
    expect(classifyFailure(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT' }))).toBe('transient');
    expect(classifyFailure(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toBe(
      'unreachable',
    );
  });

  it('counts a connection that broke after the server greeted as a failed attempt, not an outage', () => {
    const closed = Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' });
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ESOCKET' });
    expect(classifyFailure(closed, true)).toBe('transient');
    expect(classifyFailure(reset, true)).toBe('transient');
    // Before the greeting nothing was said: the server is as good as unreachable.
    expect(classifyFailure(reset, false)).toBe('unreachable');
    // Wrong settings stay wrong settings, and a reply code is still read as such.
    const tls = Object.assign(new Error('SSL routines:tls_validate_record_header:wrong version number'), {
      code: 'ESOCKET',
    });
    expect(classifyFailure(tls, true)).toBe('setup');
    expect(classifyFailure(Object.assign(new Error('550 no'), { responseCode: 550 }), true)).toBe(
      'permanent',
    );
  });

  it('calls a connection closed before any greeting unreachable (a port forward whose server is down)', () => {
    const closed = new Error('Unexpected socket close');
    expect(classifyFailure(closed)).toBe('unreachable');
    // Once the server greeted, the same close is the conversation breaking off.
    expect(classifyFailure(closed, true)).toBe('transient');
  });

  it('calls a relay refusal a settings problem, not the recipient’s fault', () => {
    const relay = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 554 5.7.1 <a@b.example>: Relay access denied",
      ),
      { code: 'EENVELOPE', responseCode: 554, command: 'RCPT TO' },
    );
    expect(classifyFailure(relay)).toBe('setup');
    const mailbox = Object.assign(new Error('550 5.1.1 <a@b.example>: Recipient address rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
    });
    expect(classifyFailure(mailbox)).toBe('permanent');
  });

  it('calls wrong SMTP settings "setup", before reading a 5xx as the recipient’s fault', () => {
    const setup = (props: Record<string, unknown>, message = 'x') =>
      classifyFailure(Object.assign(new Error(message), props));
    expect(setup({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' })).toBe('setup');
    expect(setup({ code: 'EENVELOPE', responseCode: 530, command: 'MAIL FROM' })).toBe('setup');
    expect(
      setup(
        { code: 'ESOCKET', command: 'CONN' },
        'SSL routines:tls_validate_record_header:wrong version number',
      ),
    ).toBe('setup');
    // A refused recipient whose address happens to contain "tls" or "ssl" is still the recipient's.
    expect(setup({ code: 'EENVELOPE', responseCode: 550 }, '550 <tls.ssl@example.com>: unknown')).toBe(
      'permanent',
    );
  });

  it('never gives a mail up for wrong settings, and tries again within the outage interval', () => {
    expect(decideRetry(policy, 'setup', 10_000, 5)).toEqual({ action: 'retry', at: 5 + 30_000 });
  });

  it('calls anything else transient', () => {
    expect(classifyFailure(Object.assign(new Error('Unexpected Response'), { code: 'EPROTOCOL' }))).toBe(
      'transient',
    );
    expect(classifyFailure('weird')).toBe('transient');
  });
});
