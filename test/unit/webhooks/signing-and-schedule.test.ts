import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { checkKinds } from '../../../src/server/domain/webhook-endpoints.js';
import { ApiError } from '../../../src/server/errors.js';
import {
  defaultRetryScheduleMs,
  nextAttemptAt,
  parseRetryAfter,
} from '../../../src/server/webhooks/retry-schedule.js';
import { newWebhookSecret, secretKey } from '../../../src/server/webhooks/secret.js';
import { sign, signedHeaders } from '../../../src/server/webhooks/signature.js';

describe('secrets and signatures', () => {
  it('makes whsec_ + base64 of 24 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secretKey(a)).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs exactly as the standardwebhooks package does, and it verifies', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: 'msg_1', type: 'order.created', data: { object: { id: 'ord_1' } } });
    const now = new Date();
    const ts = Math.floor(now.getTime() / 1000);
    expect(sign(secret, 'msg_1', ts, body)).toBe(new Webhook(secret).sign('msg_1', now, body));
    const headers = signedHeaders([secret], 'msg_1', ts, body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('gives one v1 signature per secret, each verifying on its own', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"id":"msg_2"}';
    const ts = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, previous], 'msg_2', ts, body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    new Webhook(current).verify(body, { ...headers });
    new Webhook(previous).verify(body, { ...headers });
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });
});

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then nothing', () => {
    const at = 1_000_000;
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAt(n, at, defaultRetryScheduleMs)! - at);
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptAt(8, at, defaultRetryScheduleMs)).toBeNull();
  });

  it('lets Retry-After lengthen a wait, never shorten it, and not extend the schedule', () => {
    expect(nextAttemptAt(1, 0, defaultRetryScheduleMs, 60_000)).toBe(60_000);
    expect(nextAttemptAt(2, 0, defaultRetryScheduleMs, 1_000)).toBe(5 * 60_000);
    expect(nextAttemptAt(8, 0, defaultRetryScheduleMs, 60_000)).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date, within sane bounds', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('0', now)).toBe(1_000);
    expect(parseRetryAfter('99999999', now)).toBe(24 * 3_600_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('event filters', () => {
  const param = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof ApiError ? `${err.code}:${err.param}` : 'other';
    }
    return 'accepted';
  };

  it('takes "*" alone or known kinds, naming the bad one by index', () => {
    expect(checkKinds(['*'])).toEqual(['*']);
    expect(checkKinds(['order.created', 'payout.paid', 'order.created'])).toEqual([
      'order.created',
      'payout.paid',
    ]);
    expect(param(() => checkKinds(['order.created', 'order.shipped']))).toBe('invalid_field:events[1]');
    expect(param(() => checkKinds(['tier.created', '*']))).toBe('invalid_field:events[1]');
    expect(param(() => checkKinds(['ORDER.CREATED']))).toBe('invalid_field:events[0]');
  });
});
