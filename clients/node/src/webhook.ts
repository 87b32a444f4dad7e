import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors.js';
import type { webhooks } from './schema.js';

/** How far a webhook-timestamp may be from the receiver's clock, in seconds. */
export const defaultWebhookTolerance = 300;

/** The body of a delivery; `data.object` is the resource as the API answered it. */
export interface WebhookMessage<T = unknown> {
  id: string;
  type: string;
  created_at: string;
  data: { object: T };
}

/**
 * A message of any of the fourteen kinds, typed from the OpenAPI document's `webhooks`: narrow it
 * by `type` (`'order.created'` gives `data.object` as an `Order`).
 */
export type WebhookEvent = {
  [Kind in keyof webhooks]: webhooks[Kind]['post']['requestBody']['content']['application/json'];
}[keyof webhooks];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks deliveries against an endpoint's `whsec_…` secret (the Standard Webhooks scheme).
 * `verify` takes the raw body exactly as received (before any JSON parsing) and the request's
 * headers (a `Headers` or Node's `IncomingHttpHeaders`).
 */
export class Webhook {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly tolerance = defaultWebhookTolerance,
  ) {
    const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
      throw new TypeError('the webhook secret is not whsec_ followed by base64');
    }
    this.key = Buffer.from(encoded, 'base64');
  }

  verify<T = unknown>(
    payload: string | Uint8Array,
    headers: WebhookHeaders,
    now = Date.now() / 1000,
  ): WebhookMessage<T> {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    if (!id || !timestamp || !signatures) {
      throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
    }
    if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number');
    if (Math.abs(now - Number(timestamp)) > this.tolerance) {
      throw new WebhookVerificationError('webhook-timestamp is outside the tolerance (replayed or stale)');
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.from(payload);
    const expected = createHmac('sha256', this.key).update(`${id}.${timestamp}.`).update(body).digest();
    const matches = signatures.split(' ').some((candidate) => {
      const [version, signature] = candidate.split(',', 2);
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!matches) throw new WebhookVerificationError('no signature matches');
    return JSON.parse(body.toString('utf8')) as WebhookMessage<T>;
  }

  /** `verify`, typed as a `WebhookEvent` to narrow by `type` (the body is not checked further). */
  verifyEvent(payload: string | Uint8Array, headers: WebhookHeaders, now?: number): WebhookEvent {
    return this.verify(payload, headers, now) as unknown as WebhookEvent;
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
