import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, headerSchema, type OpenApiAnswers } from '../support/openapi-document.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';

/**
 * The headers a real server sends beside its answers, against those the OpenAPI document declares
 * for that operation and status: a header of the API's own (one the document declares anywhere,
 * any `x-` header, Retry-After) may only come where it is declared, with a value its schema takes. Found by the rate-limit pass: the x-ratelimit-* headers came on every answer and the
 * document declared none of them.
 */

const limit = 400;
let served: ServedTestApp;
let document: OpenApiAnswers;
/** Every header name the document declares somewhere, lower-cased as fetch reports them. */
let knownHeaders: Set<string>;
/** The API's own headers, besides those: every `x-` header and Retry-After must be declared too. */
const isOwnHeader = (name: string) =>
  knownHeaders.has(name) || name.startsWith('x-') || name === 'retry-after';
const ajv = new Ajv({ strict: false });

beforeAll(async () => {
  served = await serveTestApp({ rateLimitPerMinute: limit });
  document = (await (await fetch(`${served.url}/v2/openapi.json`)).json()) as OpenApiAnswers;
  knownHeaders = new Set(
    Object.keys(document.paths).flatMap((path) =>
      Object.keys(document.paths[path]!).flatMap((method) =>
        Object.values(answersOf(document, path, method)).flatMap((answer) =>
          Object.keys(answer.headers ?? {}).map((name) => name.toLowerCase()),
        ),
      ),
    ),
  );
});
afterAll(async () => {
  await served?.close();
});

const call = (method: string, path: string, auth: string | null = adminSecret) =>
  fetch(served.url + path, {
    method,
    headers: {
      ...(auth === null ? {} : { authorization: `Bearer ${auth}` }),
      ...(method === 'POST' || method === 'PATCH' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' || method === 'PATCH' ? '{}' : undefined,
  });

/** What is wrong with one answer's headers, as lines naming the operation, status and header. */
function undeclaredHeaders(answer: Response, path: string, method: string): string[] {
  const where = `${method} ${path} ${answer.status}`;
  const declaredAnswer = answersOf(document, path, method)[String(answer.status)];
  if (!declaredAnswer) return [`${where}: status not declared`];
  const declared = new Map(
    Object.entries(declaredAnswer.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
  );
  const problems: string[] = [];
  answer.headers.forEach((value, name) => {
    if (!isOwnHeader(name)) return;
    const header = declared.get(name);
    if (!header) return problems.push(`${where}: ${name} sent, not declared`);
    const schema = headerSchema(document, header) as { type?: string };
    const typed = schema.type === 'integer' ? Number(value) : value;
    if (!ajv.validate(schema, typed)) problems.push(`${where}: ${name}: ${value} ${ajv.errorsText()}`);
  });
  return problems;
}

describe('the headers the server sends, against the OpenAPI document', () => {
  it('declares every documented header an answer carries, on every operation, with its value’s type', async () => {
    const problems: string[] = [];
    const statuses = new Set<number>();
    let rateLimited = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        if (path === '/v2/scans/stream') continue; // a feed that stays open (rate-limit.test.ts)
        const answer = await call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x'));
        await answer.arrayBuffer();
        statuses.add(answer.status);
        if (answer.headers.has('x-ratelimit-limit')) rateLimited++;
        problems.push(...undeclaredHeaders(answer, path, method));
      }
    }
    expect(problems).toEqual([]);
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 404]));
    expect(rateLimited).toBeGreaterThan(80);
  });

  it('declares the headers of a 429 over the limit, and of a refusal before the limit counts', async () => {
    const unknownKey = await call('GET', '/v2/events', 'sk_live_notakey000000000000000000001');
    expect(unknownKey.status).toBe(401);
    expect(undeclaredHeaders(unknownKey, '/v2/events', 'get')).toEqual([]);

    let answer = await call('GET', '/v2/events');
    for (let i = 0; i < limit && answer.status !== 429; i++) {
      await answer.arrayBuffer();
      answer = await call('GET', '/v2/events');
    }
    expect(answer.status).toBe(429);
    expect(undeclaredHeaders(answer, '/v2/events', 'get')).toEqual([]);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(answer.headers.get('x-ratelimit-reset')).toBe(answer.headers.get('retry-after'));
    const post = await call('POST', '/v2/events');
    expect(post.status).toBe(429);
    expect(undeclaredHeaders(post, '/v2/events', 'post')).toEqual([]);
  });
});
