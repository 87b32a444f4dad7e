import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret } from '../../../src/server/webhooks/secret.js';
import { signedHeaders } from '../../../src/server/webhooks/signature.js';

/**
 * docs/webhooks.md "Signatures" shows how to verify a delivery by hand with node:crypto. The
 * block runs here as written, on headers the server's own signer makes: an integrator who copies
 * it gets a verifier that accepts a genuine delivery and refuses the rest.
 */
type Verify = (secret: string, headers: Record<string, string>, rawBody: string) => boolean;

const doc = readFileSync('docs/webhooks.md', 'utf8');
const recipe = /or by hand with node:crypto:\n\n```ts\n([\s\S]*?)```/.exec(doc)?.[1];

let dir: string;
let verify: Verify;
beforeAll(async () => {
  expect(recipe, 'the by-hand recipe in docs/webhooks.md').toBeTruthy();
  dir = mkdtempSync(join(tmpdir(), 'marquee-recipe-'));
  const file = join(dir, 'recipe.ts');
  writeFileSync(file, `${recipe}\nexport { verify };\n`);
  ({ verify } = (await import(file)) as { verify: Verify });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the by-hand webhook verification in docs/webhooks.md', () => {
  const secret = newWebhookSecret();
  const body =
    '{"id":"msg_1","type":"order.created","created_at":"2026-11-25T12:00:00.000Z","data":{"object":{}}}';
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a genuine delivery, also during a rotation (two signatures)', () => {
    expect(verify(secret, { ...signedHeaders([secret], 'msg_1', now(), body) }, body)).toBe(true);
    const rotated = signedHeaders([newWebhookSecret(), secret], 'msg_1', now(), body);
    expect(verify(secret, { ...rotated }, body)).toBe(true);
  });

  it('refuses a changed body, another secret, a stale timestamp', () => {
    const headers = { ...signedHeaders([secret], 'msg_1', now(), body) };
    expect(verify(secret, headers, body.replace('order', 'ordre'))).toBe(false);
    expect(verify(newWebhookSecret(), headers, body)).toBe(false);
    const stale = now() - 301;
    expect(verify(secret, { ...signedHeaders([secret], 'msg_1', stale, body) }, body)).toBe(false);
  });

  it('refuses, without throwing, a delivery missing its timestamp or signature', () => {
    const headers: Record<string, string> = { ...signedHeaders([secret], 'msg_1', now(), body) };
    const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));
    expect(verify(secret, without('webhook-timestamp'), body)).toBe(false);
    expect(verify(secret, without('webhook-signature'), body)).toBe(false);
    expect(verify(secret, { ...headers, 'webhook-timestamp': 'soon' }, body)).toBe(false);
  });
});
