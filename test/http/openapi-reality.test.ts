import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

/**
 * The OpenAPI document against the server that serves it, over real HTTP on a real SQLite file:
 * what an integrator's generated client meets must be in the document (docs/api.md "The OpenAPI
 * document"). Found by the integrator walkthrough: a body that is not JSON answered 415, and the
 * CSV exports answered text/csv, neither of which the document declared.
 */

interface Operation {
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Paths = Record<string, Record<string, Operation>>;

let app: FastifyInstance;
let dataDir: string;
let baseUrl: string;
let paths: Paths;

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await buildApp(testOptions(dataDir));
  // listen() answers with the address it bound, e.g. http://127.0.0.1:40123.
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  paths = ((await (await fetch(`${baseUrl}/v2/openapi.json`)).json()) as { paths: Paths }).paths;
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (method: string, path: string, init: RequestInit = {}) =>
  fetch(baseUrl + path, {
    ...init,
    method,
    headers: { authorization: `Bearer ${adminSecret}`, ...init.headers },
  });

describe('the OpenAPI document against the real server', () => {
  it('declares the 415 that a POST or PATCH answers to a body that is not JSON', async () => {
    const undeclared: string[] = [];
    let refusedAsNotJson = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method !== 'post' && method !== 'patch') continue;
        const answer = await call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x'), {
          headers: { 'content-type': 'text/plain' },
          body: 'title=Night show',
        });
        const { error } = (await answer.json()) as { error: { code: string } };
        // A few routes refuse an admin key first (a shift needs a staff member): also declared.
        if (error.code === 'unsupported_media_type') refusedAsNotJson++;
        if (!operation.responses[String(answer.status)])
          undeclared.push(`${answer.status} ${method} ${path}`);
      }
    }
    expect(refusedAsNotJson).toBeGreaterThan(30);
    expect(undeclared).toEqual([]);
  });

  it('declares text/csv on the lists that export CSV, and only there', async () => {
    const exporting = Object.entries(paths)
      .filter(([, operations]) => operations.get?.parameters?.some((p) => p.name === 'format'))
      .map(([path]) => path);
    expect(exporting.sort()).toEqual(['/v2/attendees', '/v2/orders', '/v2/scans', '/v2/shifts/{id}/report']);
    const lists = exporting.filter((path) => !path.includes('{'));

    const event = (await (
      await call('POST', '/v2/events', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Night show', venue: 'Main hall', doors_at: '2030-12-24T19:00:00Z' }),
      })
    ).json()) as { id: string };
    // The lists, for one event (a shift report needs a till's shift: test/http/shift-cash-up.test.ts).
    for (const path of lists) {
      const answer = await call('GET', `${path}?format=csv&event_id=${event.id}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/csv/);
      await answer.text();
      expect(Object.keys(paths[path]!.get!.responses['200']!.content ?? {}), path).toEqual([
        'application/json',
        'text/csv',
      ]);
    }
    const csvElsewhere = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.responses['200']?.content?.['text/csv'])
        .map(([method]) => `${method} ${path}`),
    );
    expect(csvElsewhere.sort()).toEqual(exporting.map((path) => `get ${path}`).sort());
  });
});
