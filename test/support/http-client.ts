import { expect } from 'vitest';
import { adminSecret, type TestApp } from './test-app.js';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export type HttpCall = (path: string, method?: string, body?: unknown) => Promise<HttpAnswer>;

/** The app listening on a loopback port, so requests go through real HTTP and URL parsing. */
export async function listenOnLoopback(t: TestApp): Promise<HttpCall> {
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (path, method = 'GET', body) => jsonOverHttp(base, path, method, body);
}

/** One real HTTP request as `key` (null: with no key at all), its answer read as JSON. */
export async function jsonOverHttp<T = unknown>(
  base: string,
  path: string,
  method = 'GET',
  body?: unknown,
  key: string | null = adminSecret,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** One real HTTP request with `key` (and a signed-in staff member's session when given), JSON body. */
export function fetchAs(
  base: string,
  path: string,
  {
    method = 'GET',
    body,
    key = adminSecret,
    staff,
  }: { method?: string; body?: unknown; key?: string; staff?: string | null },
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(staff ? { 'marquee-staff': staff } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The contract's 400 `invalid_field` envelope naming `param`. */
export function expectInvalidOverHttp(answer: HttpAnswer, param: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toEqual({
    error: { type: 'invalid_request_error', code: 'invalid_field', message: expect.any(String), param },
  });
}
