import { createHmac } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Webhook, WebhookVerificationError } from '../src/index.js';

const secret = `whsec_${Buffer.from(Array.from({ length: 24 }, (_, i) => i)).toString('base64')}`;
const body =
  '{"id":"msg_1","type":"order.created","created_at":"2026-11-25T12:00:00.000Z","data":{"object":{}}}';
const now = 1_790_000_000;

function signed(text = body, timestamp = now, id = 'msg_1', key = secret): Record<string, string> {
  const hmac = createHmac('sha256', Buffer.from(key.slice(6), 'base64')).update(`${id}.${timestamp}.${text}`);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${hmac.digest('base64')}`,
  };
}

/** Webhook verification against signatures made here the way the server makes them. */
describe('Webhook', () => {
  it('answers the message of a genuine delivery, from Headers or Node headers', () => {
    expect(new Webhook(secret).verify(body, signed(), now).type).toBe('order.created');
    expect(new Webhook(secret).verify(Buffer.from(body), new Headers(signed()), now).id).toBe('msg_1');
    const titled = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(new Webhook(secret).verify(body, titled, now).id).toBe('msg_1');
  });

  it('types a message by its kind with verifyEvent', () => {
    const event = new Webhook(secret).verifyEvent(body, signed(), now);
    expect(event.type).toBe('order.created');
    // Checked by the type checker (npm run typecheck): the kind narrows data.object.
    if (event.type === 'order.created') expectTypeOf(event.data.object.total_cents).toEqualTypeOf<number>();
    if (event.type === 'ticket.scanned')
      expectTypeOf(event.data.object.scan.result).toEqualTypeOf<'admitted' | 'rejected'>();
  });

  it('accepts any of several signatures (a secret being rotated)', () => {
    const other = signed(body, now, 'msg_1', `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`);
    const headers = signed();
    headers['webhook-signature'] = `${other['webhook-signature']} ${headers['webhook-signature']}`;
    expect(new Webhook(secret).verify(body, headers, now).id).toBe('msg_1');
  });

  it.each([
    ['the body changed', signed(), body.replace('order', 'ordre')],
    ['the id changed', { ...signed(), 'webhook-id': 'msg_2' }, body],
    [
      'an unknown version',
      { ...signed(), 'webhook-signature': `v2,${signed()['webhook-signature']!.slice(3)}` },
      body,
    ],
    ['an empty signature', { ...signed(), 'webhook-signature': 'v1,' }, body],
    ['no webhook-id', { ...signed(), 'webhook-id': undefined }, body],
  ])('refuses a delivery when %s', (_, headers, text) => {
    expect(() => new Webhook(secret).verify(text, headers, now)).toThrow(WebhookVerificationError);
  });

  it('takes timestamps within five minutes either way, and no further', () => {
    const webhook = new Webhook(secret);
    expect(webhook.verify(body, signed(body, now - 300), now).id).toBe('msg_1');
    expect(webhook.verify(body, signed(body, now + 300), now).id).toBe('msg_1');
    expect(() => webhook.verify(body, signed(body, now - 301), now)).toThrow(/tolerance/);
    expect(() => webhook.verify(body, signed(body, now + 301), now)).toThrow(/tolerance/);
  });

  it('refuses a secret that is not base64 up front', () => {
    expect(() => new Webhook('whsec_not base64!')).toThrow(TypeError);
  });
});
