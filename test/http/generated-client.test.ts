import { createClient as generateClient } from '@hey-api/openapi-ts';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { schemaId } from '../../src/server/schemas/common.js';
import { componentSchemas } from '../../src/server/schemas/components.js';
import { answersOf, type OpenApiAnswers } from '../support/openapi-document.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

/**
 * The "For integrators" promise (CONTRACT.md): a client generated from the committed OpenAPI
 * document by a real generator (@hey-api/openapi-ts) has one method per operation, named by its
 * operationId, and works against the real server over real HTTP.
 */

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  responses: OpenApiAnswers['paths'][string][string]['responses'];
}
interface OpenApiDocument extends OpenApiAnswers {
  paths: Record<string, Record<string, Operation>>;
  components: OpenApiAnswers['components'] & { schemas: Record<string, unknown> };
}

// ajv-formats is CommonJS; depending on the loader its callable sits on the default export or on it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const documentFile = join(process.cwd(), 'src/shared/api/openapi.json');
const document = JSON.parse(readFileSync(documentFile, 'utf8')) as OpenApiDocument;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
);
const operationIds = operations.map(({ operation }) => operation.operationId);

/** The verbs an operationId may start with (lower camel case, verb first: createOrder, listEvents). */
const verbs = [
  'get',
  'list',
  'create',
  'update',
  'delete',
  'revoke',
  'publish',
  'cancel',
  'refund',
  'resend',
  'transfer',
  'void',
  'reprint',
  'validate',
  'sync',
  'rotate',
  'retry',
  'pair',
  'start',
  'stream',
  'check',
  'mark',
  'find',
  'sign',
  'deactivate',
  'open',
  'close',
];
const operationIdShape = new RegExp(`^(?:${verbs.join('|')})(?:[A-Z][a-z0-9]*)+$|^(?:${verbs.join('|')})$`);

describe('the OpenAPI document, for client generators', () => {
  it('gives every operation a unique, verb-first lower camel case operationId', () => {
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter(({ operation }) => !operation.operationId);
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds.filter((id) => !operationIdShape.test(id!))).toEqual([]);
    expect(operationIds).toEqual(expect.arrayContaining(['createOrder', 'listEvents', 'validateScan']));
  });

  it('names its resources as components, and answers them by reference', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Event', 'Tier', 'Order', 'Ticket', 'Error', 'Attendee', 'Scan']),
    );
    expect(Object.keys(document.components.schemas).filter((name) => /^def-\d+$/.test(name))).toEqual([]);
    const answer = (path: string, method: string) =>
      JSON.stringify(document.paths[path]![method]!.responses['200']);
    expect(answer('/v2/orders', 'post')).toContain('"$ref":"#/components/schemas/Order"');
    expect(answer('/v2/events', 'get')).toContain('"$ref":"#/components/schemas/Event"');
    expect(JSON.stringify(document.components.schemas.Order)).toContain('#/components/schemas/Ticket');
  });

  // Every resource with an id prefix in CONTRACT.md "Conventions" and the additions that has a
  // route of its own: an API key was the one answered as an inline copy, so generated clients had
  // three unnamed key types and none called ApiKey.
  it('names every resource with an id of its own, API keys included', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'ApiKey',
        'Device',
        'Payout',
        'Refund',
        'WebhookEndpoint',
        'WebhookDelivery',
        'Staff',
        'Shift',
        'AuditEvent',
      ]),
    );
    const answer = (path: string, method: string) =>
      JSON.stringify(document.paths[path]![method]!.responses['200']);
    expect(answer('/v2/api_keys', 'get')).toContain('"$ref":"#/components/schemas/ApiKey"');
    expect(answer('/v2/api_keys/{id}', 'delete')).toContain('"$ref":"#/components/schemas/ApiKey"');
  });

  it('gives the main resources examples that their own schemas accept', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const schema of componentSchemas) ajv.addSchema(schema);
    const examples = componentSchemas.flatMap((schema) =>
      ((schema as { examples?: unknown[] }).examples ?? []).map((example) => ({
        id: schemaId(schema),
        example,
      })),
    );
    expect(examples.map(({ id }) => id)).toEqual(
      expect.arrayContaining(['Event', 'Tier', 'Order', 'Ticket', 'Attendee', 'Error']),
    );
    for (const { id, example } of examples) {
      expect(ajv.validate(id, example), `${id}: ${ajv.errorsText()}`).toBe(true);
    }
    // The document carries them.
    expect(document.components.schemas.Order).toHaveProperty('examples');
  });

  it('declares security [] exactly on the routes that need no key', () => {
    const open = operations.filter(({ operation }) => operation.security?.length === 0);
    expect(open.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'get /v2/health',
      'get /v2/scan/jwks',
      'post /v2/devices/pair',
    ]);
  });

  it('declares Idempotency-Key on every POST, and only there', () => {
    const takesKey = (operation: Operation) =>
      operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key') ?? false;
    const posts = operations.filter(({ method }) => method === 'post');
    expect(posts.length).toBeGreaterThan(20);
    expect(posts.filter(({ operation }) => !takesKey(operation)).map(({ path }) => path)).toEqual([]);
    expect(operations.filter(({ method, operation }) => method !== 'post' && takesKey(operation))).toEqual(
      [],
    );
  });

  it('declares x-request-id and x-ratelimit-* on every response and Retry-After on every 429', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(answersOf(document, path, method))) {
        for (const header of [
          'x-request-id',
          'x-ratelimit-limit',
          'x-ratelimit-remaining',
          'x-ratelimit-reset',
        ])
          expect(response.headers, `${method} ${path} ${status}`).toHaveProperty(header);
        if (status === '429') expect(response.headers, `${method} ${path}`).toHaveProperty('Retry-After');
      }
      expect(operation.responses, `${method} ${path}`).toHaveProperty('429');
    }
  });

  // Declaring the x-ratelimit-* headers inline on each of ~900 answers grew the served document
  // from 421 to 572 KB; the refusals that make up most of them are declared once instead.
  it('declares the refusals every operation shares once, and stays small', () => {
    const refusals = operations.flatMap(({ operation }) => Object.values(operation.responses));
    const shared = refusals.filter((response) => '$ref' in response);
    expect(shared.length / refusals.length).toBeGreaterThan(0.8);
    expect(Object.keys(document.components.responses ?? {}).sort()).toEqual([
      'RateLimited',
      'Refusal',
      'ReplayableRefusal',
    ]);
    expect(JSON.stringify(document).length).toBeLessThan(340_000);
  });
});

describe('a client generated with @hey-api/openapi-ts', () => {
  let outputDir: string;
  let sdk: Record<string, unknown>;
  let clientModule: { createClient: (config: { baseUrl: string }) => unknown };
  let app: FastifyInstance;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    outputDir = tempDataDir('marquee-generated-client-');
    await generateClient({
      input: documentFile,
      output: outputDir,
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent' },
    });
    sdk = (await import(join(outputDir, 'sdk.gen.ts'))) as Record<string, unknown>;
    clientModule = (await import(join(outputDir, 'client/index.ts'))) as typeof clientModule;
    dataDir = tempDataDir();
    app = await buildApp(testOptions(dataDir));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outputDir, { recursive: true, force: true });
  });

  it('has exactly one method per operation, named by its operationId', () => {
    const methods = Object.entries(sdk)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    expect(methods.sort()).toEqual([...operationIds].sort());
  });

  it('has one type per named component', () => {
    const types = readFileSync(join(outputDir, 'types.gen.ts'), 'utf8');
    for (const name of ['Event', 'Order', 'Ticket', 'Tier', 'Error']) {
      expect(types).toMatch(new RegExp(`^export type ${name} = \\{`, 'm'));
    }
  });

  it('calls the real server: a keyless health check, and a retried create replayed by its Idempotency-Key', async () => {
    type Call = (options: Record<string, unknown>) => Promise<{ data?: unknown; response: Response }>;
    const client = clientModule.createClient({ baseUrl });
    const getHealth = sdk.getHealth as Call;
    const createEvent = sdk.createEvent as Call;

    const health = await getHealth({ client });
    expect(health.response.status).toBe(200);
    expect(health.data).toEqual({ status: 'ok' });
    expect(health.response.headers.get('x-request-id')).toBeTruthy();

    const create = () =>
      createEvent({
        client,
        auth: adminSecret,
        headers: { 'Idempotency-Key': 'generated-client-create-1' },
        body: { title: 'Generated', venue: 'Hall', doors_at: '2026-12-24T19:00:00+00:00' },
      });
    const first = await create();
    const retried = await create();
    expect(first.response.status).toBe(200);
    expect((first.data as { id: string }).id).toMatch(/^evt_/);
    expect(retried.data).toEqual(first.data);
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
  });
});
