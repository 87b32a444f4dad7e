import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../support/foundation-fixtures.js';
import { makeSaleTestApp, orderBody, type OrderJson } from '../support/sales-fixtures.js';
import { adminSecret, type TestApp } from '../support/test-app.js';

/**
 * Every operation of the OpenAPI document, sent what a careless or hostile client sends: odd path
 * ids, odd query values, bodies of the wrong JSON type, broken JSON, and each field of a plausible
 * body (built from the operation's own schema) replaced in turn by a value of the wrong type or
 * size. The operations come from the served document, so a new route is probed without a change
 * here. It runs once with each scope's key (admin, box office, kiosk, scanner), since each meets
 * its own checks. Every answer must be below 500 and, when refused, the contract's error
 * envelope: the bar is "never a 500". Deletes are probed with GET on odd ids only, so the run removes nothing real.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  minimum?: number;
}

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: unknown;
}

const oddIds = [
  'x',
  'ord_' + 'z'.repeat(40),
  'a'.repeat(3000),
  '%00',
  '..%2F..%2Fetc',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '-1',
];
const oddQueryValues = ['', 'x', '-5', '1.5', '99999999999999999999', 'a'.repeat(3000), '\u0000', 'true'];
const oddValues: unknown[] = [
  null,
  -1,
  1.5,
  1e308,
  2 ** 53 + 1,
  '',
  'a'.repeat(20_000),
  '\u0000\u202e',
  true,
  [],
  {},
  [1],
  { a: 1 },
];
const brokenBodies = ['{', '{"a":', '['.repeat(2000), '{"__proto__":{"x":1}}'];

type Scope = 'admin' | 'box_office' | 'kiosk' | 'scanner';

let t: TestApp;
let spec: OpenApi;
const ids: Record<string, string> = {};
const secrets = { admin: adminSecret } as Record<Scope, string>;

beforeAll(async () => {
  const made = await makeSaleTestApp();
  t = made.t;
  const order = (await t.call('POST', '/v2/orders', orderBody(made.sale))).json() as OrderJson;
  Object.assign(ids, {
    event: made.sale.eventId,
    tier: made.sale.tierId,
    order: order.id,
    ticket: order.tickets[0]!.id,
  });
  spec = (await t.call('GET', '/v2/openapi.json')).json() as OpenApi;
  // Each scope meets its own checks before or after validation; a customer at the kiosk and a
  // door's scanner send the same odd input as an integration.
  for (const scope of ['box_office', 'kiosk', 'scanner'] as const) secrets[scope] = await createKey(t, scope);
});
afterAll(async () => {
  await t.close();
});

function resolveRef(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  let node: unknown = spec;
  for (const part of schema.$ref.replace(/^#\//, '').split('/'))
    node = (node as Record<string, unknown>)[part];
  return resolveRef(node as Schema);
}

/** A plausible value for a schema: enough for the request to reach the field-by-field checks. */
function plausible(raw: Schema | undefined, depth = 0): unknown {
  if (raw === undefined || depth > 6) return 'x';
  const schema = resolveRef(raw);
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(alternatives[0], depth + 1);
  const type = [schema.type ?? 'object'].flat().find((name) => name !== 'null');
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, plausible(sub, depth + 1)]),
    );
  }
  if (type === 'array') return [plausible(schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'date-time') return '2030-12-24T19:00:00+00:00';
  if (schema.format === 'email') return 'probe@example.com';
  return 'x';
}

/** The plausible body, then one field at a time (one level into objects and arrays) made odd. */
function oddBodies(good: unknown): unknown[] {
  if (good === null || typeof good !== 'object' || Array.isArray(good)) return [good];
  const bodies: unknown[] = [good];
  for (const [name, value] of Object.entries(good)) {
    for (const odd of oddValues) bodies.push({ ...good, [name]: odd });
    const inner = Array.isArray(value) ? value[0] : value;
    if (inner === null || typeof inner !== 'object') continue;
    for (const innerName of Object.keys(inner)) {
      for (const odd of oddValues) {
        const changed = { ...inner, [innerName]: odd };
        bodies.push({ ...good, [name]: Array.isArray(value) ? [changed] : changed });
      }
    }
  }
  return bodies;
}

const withIds = (path: string, id?: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (id !== undefined) return id;
    const kind = ['event', 'tier', 'order', 'ticket'].find((k) => name.includes(k));
    return kind ? ids[kind]! : 'x';
  });

interface Finding {
  request: string;
  status: number;
  body: string;
}

describe('malformed input on every route', () => {
  it.each<Scope>(['admin', 'box_office', 'kiosk', 'scanner'])(
    '%s key: never a 5xx, refusals in the error envelope',
    async (scope) => {
      const findings: Finding[] = [];
      const refusedBodies = new Set<string>();
      let probes = 0;
      const send = async (method: string, url: string, body?: unknown, raw = false) => {
        probes += 1;
        const res: LightMyRequestResponse = await t.app.inject({
          method: method as 'GET',
          url,
          headers: {
            authorization: `Bearer ${secrets[scope]}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: raw ? (body as string) : JSON.stringify(body) }),
        });
        const error = (() => {
          try {
            return (res.json() as { error?: { type?: unknown; code?: unknown; message?: unknown } }).error;
          } catch {
            return undefined;
          }
        })();
        const enveloped =
          typeof error?.type === 'string' &&
          typeof error.code === 'string' &&
          typeof error.message === 'string';
        if (res.statusCode >= 500 || (res.statusCode >= 400 && !enveloped)) {
          findings.push({
            request: `${method} ${url.slice(0, 120)}`,
            status: res.statusCode,
            body: res.body.slice(0, 200),
          });
        }
        return res;
      };

      const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
          .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      );
      const streams = operations.filter(({ operation }) =>
        Object.values(operation.responses ?? {}).some((r) => r.content?.['text/event-stream'] !== undefined),
      );
      const probed = operations.filter((op) => !streams.includes(op));
      for (const { path, method, operation } of probed) {
        const takesBody = method !== 'GET' && method !== 'DELETE';
        const emptyBody = takesBody ? {} : undefined;
        if (path.includes('{')) {
          for (const id of oddIds)
            await send(method === 'DELETE' ? 'GET' : method, withIds(path, id), emptyBody);
        }
        const url = withIds(path);
        for (const query of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
          for (const value of oddQueryValues) {
            await send(method, `${url}?${query.name}=${encodeURIComponent(value)}`, emptyBody);
          }
        }
        if (!takesBody) continue;
        for (const raw of brokenBodies) await send(method, url, raw, true);
        for (const body of [null, [], 'text', 1]) {
          const res = await send(method, url, body);
          if (res.statusCode >= 400) refusedBodies.add(`${method} ${path}`);
        }
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema === undefined) continue;
        for (const body of oddBodies(plausible(schema))) {
          const res = await send(method, url, body);
          if (res.statusCode >= 400) refusedBodies.add(`${method} ${path}`);
        }
      }

      expect(findings).toEqual([]);
      // The probe reached the routes: the document lists them all, and every route that takes a body
      // refused odd ones (400 from validation, or 403/404 where the caller or the id is checked first).
      expect(probed.length).toBeGreaterThanOrEqual(80);
      expect(streams.map((op) => op.path)).toEqual(['/v2/scans/stream']);
      const bodyRoutes = probed.filter((op) => op.method !== 'GET' && op.method !== 'DELETE');
      expect([...refusedBodies].sort()).toEqual(bodyRoutes.map((op) => `${op.method} ${op.path}`).sort());
      expect(probes).toBeGreaterThan(2500);
    },
    180_000,
  );
});
