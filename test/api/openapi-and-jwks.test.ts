import type { FastifyInstance } from 'fastify';
import { compactVerify, importJWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/foundation-fixtures.js';
import { answersOf, type OpenApiAnswers } from '../support/openapi-document.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; summary?: string }>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/**
 * Every method+path the app serves, read from Fastify's route tree (it has no list API). Params
 * become `{}` so `/:id` and OpenAPI's `/{id}` compare equal whatever the param's name.
 */
function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${stack.join('').replace(/:[^/]+/g, '{}')}`);
    }
  }
  return routes;
}

const documented = (doc: OpenApiDoc): string[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`),
  );

describe('GET /v2/openapi.json', () => {
  it('is an OpenAPI 3.1 document, served without a key', async () => {
    const res = await t.call('GET', '/v2/openapi.json', undefined, null);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApiDoc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Marquee venue API', version: '0.1.0' });
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
  });

  it('lists the foundation routes', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json')).json() as OpenApiDoc;
    const listed = documented(doc);
    for (const route of [
      'GET /v2/health',
      'GET /v2/usage',
      'POST /v2/api_keys',
      'GET /v2/api_keys',
      'DELETE /v2/api_keys/{}',
      'POST /v2/events',
      'GET /v2/events',
      'GET /v2/events/{}',
      'PATCH /v2/events/{}',
      'POST /v2/events/{}/publish',
      'POST /v2/events/{}/cancel',
      'POST /v2/events/{}/tiers',
      'GET /v2/events/{}/tiers',
      'GET /v2/tiers/{}',
      'PATCH /v2/tiers/{}',
      'DELETE /v2/tiers/{}',
      'GET /v2/scan/jwks',
      'POST /v2/scan/keys/rotate',
    ]) {
      expect(listed, route).toContain(route);
    }
  });

  it('lists every /v2 route the server serves, and no route it does not', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json')).json() as OpenApiDoc;
    const listed = new Set(documented(doc));
    const served = servedRoutes(t.app);
    expect(served.length).toBeGreaterThan(15);
    const v2 = served.filter((route) => route.includes(' /v2/') && route !== 'GET /v2/openapi.json');
    expect(v2.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('documents the error envelope on keyed routes and the request body schema', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json')).json() as OpenApiDoc;
    const create = doc.paths['/v2/events']!.post!;
    expect(create.summary).toBeTruthy();
    expect(Object.keys(create.responses!)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '413', '429']),
    );
    expect(JSON.stringify(create)).toContain('additionalProperties');
    expect(JSON.stringify(doc)).toContain('"param"');
  });
});

interface Jwks {
  keys: { kty: string; crv: string; x: string; kid: string; alg?: string; use?: string }[];
}

describe('descriptions in GET /v2/openapi.json', () => {
  type Schema = { description?: string; anyOf?: Schema[]; properties?: Record<string, Schema> };
  /** component.property paths whose description sits only inside an `anyOf` branch. */
  const describedOnlyInABranch = (name: string, schema: Schema): string[] =>
    Object.entries(schema.properties ?? {}).flatMap(([key, property]) => [
      ...(property.description === undefined &&
      property.anyOf?.some((branch) => branch.description !== undefined)
        ? [`${name}.${key}`]
        : []),
      ...describedOnlyInABranch(`${name}.${key}`, property),
      ...(property.anyOf ?? []).flatMap((branch) => describedOnlyInABranch(`${name}.${key}`, branch)),
    ]);

  // Found by the integrator pass: Shift `currency` and `counted_currency` (and ~30 other nullable
  // fields) had their description on the string branch of `anyOf: [string, null]`, which the node
  // client's generated schema.ts and rendered docs do not show.
  it('puts a nullable field’s description on the field, where generators read it', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as OpenApiDoc;
    const schemas = doc.components.schemas as Record<string, Schema>;
    expect(Object.entries(schemas).flatMap(([name, schema]) => describedOnlyInABranch(name, schema))).toEqual(
      [],
    );
    const shift = schemas.Shift!.properties!;
    expect(shift.currency!.description).toMatch(/drawer’s money/);
    // docs/api.md and the server: absent while open (the document said "null while open").
    expect(shift.counted_currency!.description).toMatch(/Absent while the shift is open/);
  });
});

describe('idempotent-replayed in GET /v2/openapi.json', () => {
  // Found by the integrator pass: docs/api.md "Idempotency" promises the header, the document
  // declared only x-request-id, so a generated client had no typed way to tell a replay.
  it('is declared on the POST answers a replay can be, and a replayed refusal carries it', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as OpenApiAnswers;
    const declared = (path: string, method: string) =>
      Object.entries(answersOf(doc, path, method))
        .filter(([, response]) => response.headers?.['idempotent-replayed'])
        .map(([status]) => status);
    expect(declared('/v2/orders', 'post')).toEqual(['200', '400', '404', '409']);
    expect(declared('/v2/orders', 'get')).toEqual([]);

    const refund = () =>
      t.call('POST', '/v2/orders/ord_00000000000000000000/refund', {}, undefined, {
        'idempotency-key': 'refund-missing',
      });
    expect((await refund()).headers['idempotent-replayed']).toBeUndefined();
    const again = await refund();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(declared('/v2/orders/{id}/refund', 'post')).toContain('404');
  });
});

describe('JWKS and key rotation', () => {
  it('publishes one Ed25519 key without needing an API key', async () => {
    const res = await t.call('GET', '/v2/scan/jwks', undefined, null);
    expect(res.statusCode).toBe(200);
    const jwks = res.json() as Jwks;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0]!.kid).toBe(t.app.ctx.signingKeys.activeKid);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
  });

  it('verifies a minted ticket token with any JOSE library against the JWKS', async () => {
    const jwks = (await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as Jwks;
    const token = t.app.ctx.tokens.mint({ id: 'tik_a', event_id: 'evt_b', tier_id: 'tkt_c' });
    const key = await importJWK(jwks.keys[0]!, 'EdDSA');
    const { payload, protectedHeader } = await compactVerify(token, key);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'ticket+jwt', kid: jwks.keys[0]!.kid });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: 'tik_a', evt: 'evt_b', tier: 'tkt_c' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
  });

  it('rotates to a new key and keeps the old kid listed while its tokens can live', async () => {
    const before = (await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as Jwks;
    const oldKid = before.keys[0]!.kid;
    const res = await t.call('POST', '/v2/scan/keys/rotate');
    expect(res.statusCode).toBe(200);
    const rotated = res.json() as Jwks & { active_kid: string };
    expect(rotated.active_kid).not.toBe(oldKid);
    expect(rotated.keys.map((k) => k.kid).sort()).toEqual([oldKid, rotated.active_kid].sort());

    const after = (await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as Jwks;
    expect(after.keys.map((k) => k.kid)).toContain(oldKid);
    // Tokens live 300 s and validators allow 30 s either side: past that the old key goes.
    t.clock.advance(300 + 60 - 1);
    expect(((await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as Jwks).keys).toHaveLength(2);
    t.clock.advance(2);
    const later = (await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as Jwks;
    expect(later.keys.map((k) => k.kid)).toEqual([rotated.active_kid]);
  });

  it('signs with the new key after rotation', async () => {
    const { active_kid: kid } = (await t.call('POST', '/v2/scan/keys/rotate')).json() as {
      active_kid: string;
    };
    const token = t.app.ctx.tokens.mint({ id: 'tik_a', event_id: 'evt_b', tier_id: 'tkt_c' });
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(header.kid).toBe(kid);
  });

  it('keeps rotation admin-only', async () => {
    expectError(
      await t.call('POST', '/v2/scan/keys/rotate', undefined, null),
      401,
      'authentication_error',
      'invalid_api_key',
    );
  });
});
