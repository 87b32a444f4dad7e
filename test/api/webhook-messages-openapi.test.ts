import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookKinds } from '../../src/shared/webhook-kinds.js';
import { outboxRows, subscribeToAllKinds } from '../support/foundation-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

/**
 * The OpenAPI document's `webhooks` against the messages the server really writes: all fourteen
 * kinds, made through the API, each validated against its operation's request body, and every
 * field of its `data.object` named by the document (docs/webhooks.md, src/server/http/
 * openapi-webhooks.ts). Found by the integrator walkthrough: the document typed no message.
 */

// ajv-formats is CommonJS; depending on the loader its callable sits on the default export or on it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Schema = Record<string, unknown>;
interface Document {
  components: { schemas: Record<string, Schema> };
  webhooks?: Record<
    string,
    { post: { operationId: string; requestBody: { content: Record<string, { schema: Schema }> } } }
  >;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

async function ok<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** Every kind, through the API, as a venue's evening makes them. */
async function makeEveryKind(): Promise<void> {
  const { eventId, tierId } = await publishedEvent(t);
  await ok('PATCH', `/v2/events/${eventId}`, { title: 'Night show, late' });
  const spare = await ok<{ id: string }>('POST', `/v2/events/${eventId}/tiers`, {
    name: 'Spare',
    price_cents: 100,
    quantity: 5,
  });
  await ok('PATCH', `/v2/tiers/${spare.id}`, { quantity: 6 });
  await ok('DELETE', `/v2/tiers/${spare.id}`);
  const order = await ok<{ id: string; tickets: { id: string; attendee_id: string; qr_token: string }[] }>(
    'POST',
    '/v2/orders',
    {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 3 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      payment_method: 'card',
    },
  );
  const [first, second, third] = order.tickets;
  await ok('POST', `/v2/tickets/${first!.id}/transfer`, { to_email: 'bob@example.com', name: 'Bob' });
  await ok('POST', `/v2/tickets/${second!.id}/void`, {});
  await ok('POST', '/v2/scan/validate', { token: third!.qr_token });
  await ok('PATCH', `/v2/attendees/${third!.attendee_id}`, { name: 'Ada L.' });
  await ok('POST', `/v2/orders/${order.id}/refund`, { amount_cents: 100 });
  const payout = await ok<{ id: string }>('POST', '/v2/payouts', { event_id: eventId });
  await ok('POST', `/v2/payouts/${payout.id}/mark_paid`);
}

/** The property names a schema (a component reference, allOf, or an inline object) documents. */
function documentedKeys(schema: Schema, document: Document): string[] {
  const ref = schema.$ref as string | undefined;
  if (ref) return documentedKeys(document.components.schemas[ref.split('/').pop()!]!, document);
  const parts = (schema.allOf as Schema[] | undefined) ?? [];
  return [
    ...Object.keys((schema.properties as Schema | undefined) ?? {}),
    ...parts.flatMap((part) => documentedKeys(part, document)),
  ];
}

/**
 * A validator holding the document's components, and `local` to point a schema's component
 * references at them (registered under one id).
 */
function documentValidator(document: Document): { ajv: Ajv2020; local: (schema: Schema) => Schema } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'marquee-openapi', components: document.components });
  const local = (schema: Schema) =>
    JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', '"marquee-openapi#/components/'),
    ) as Schema;
  return { ajv, local };
}

describe('the OpenAPI document’s webhooks', () => {
  it('describe every kind, and the messages the server writes match them field for field', async () => {
    await subscribeToAllKinds(t);
    await makeEveryKind();
    const document = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as Document;
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...webhookKinds].sort());

    const { ajv, local } = documentValidator(document);

    const messages = outboxRows(t).map(
      (row) => JSON.parse(row.payload) as { type: string; data: { object: Schema } },
    );
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(webhookKinds));
    for (const message of messages) {
      const body = document.webhooks![message.type]!.post.requestBody.content['application/json']!.schema;
      const validate = ajv.compile(local(body));
      expect(validate(message), `${message.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      const objectSchema = (body.properties as { data: { properties: { object: Schema } } }).data.properties
        .object;
      const undocumented = Object.keys(message.data.object).filter(
        (key) => !documentedKeys(objectSchema, document).includes(key),
      );
      expect(undocumented, message.type).toEqual([]);
    }
  });

  // docs/webhooks.md "Sample payloads" is what an integrator copies into a receiver's tests: found
  // stale by the integrator pass (every kind but one lacked fields the server sends, e.g. an order's
  // `shift_id` and `channel`, a ticket's `paper_pass`, a scan's `credential`).
  it('match the sample payloads in docs/webhooks.md, every kind, field for field', async () => {
    const document = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as Document;
    const { ajv, local } = documentValidator(document);
    const doc = readFileSync('docs/webhooks.md', 'utf8');
    const samples = [...doc.matchAll(/#### `([a-z_.]+)`\n\n```json\n([\s\S]*?)```/g)].map(
      ([, kind, json]) => ({
        kind: kind!,
        message: JSON.parse(json!) as { type: string; data: { object: Schema } },
      }),
    );
    expect(samples.map((s) => s.kind).sort()).toEqual([...webhookKinds].sort());
    for (const { kind, message } of samples) {
      expect(message.type, kind).toBe(kind);
      const body = document.webhooks![kind]!.post.requestBody.content['application/json']!.schema;
      const validate = ajv.compile(local(body));
      expect(validate(message), `${kind} sample: ${ajv.errorsText(validate.errors)}`).toBe(true);
      const objectSchema = (body.properties as { data: { properties: { object: Schema } } }).data.properties
        .object;
      const undocumented = Object.keys(message.data.object).filter(
        (key) => !documentedKeys(objectSchema, document).includes(key),
      );
      expect(undocumented, `${kind} sample`).toEqual([]);
    }
  });

  it('name their operations verb first and declare the signature headers', async () => {
    const document = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as Document &
      Record<string, unknown>;
    const order = (document.webhooks!['order.created'] as unknown as { post: Record<string, unknown> }).post;
    expect(order.operationId).toBe('receiveOrderCreatedWebhook');
    expect((order.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`)).toEqual([
      'header:Idempotency-Key',
      'header:webhook-id',
      'header:webhook-timestamp',
      'header:webhook-signature',
    ]);
    // CONTRACT.md: every POST operation in the document declares Idempotency-Key, these too.
    const webhookPosts = Object.values(document.webhooks!).map(
      (item) => (item as unknown as { post: { operationId: string; parameters: { name: string }[] } }).post,
    );
    expect(webhookPosts).toHaveLength(14);
    expect(
      webhookPosts
        .filter((post) => !post.parameters.some((p) => p.name === 'Idempotency-Key'))
        .map((post) => post.operationId),
    ).toEqual([]);
  });
});
