import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findSecrets } from '../../../scripts/grep-secrets.mjs';

const script = fileURLToPath(new URL('../../../scripts/grep-secrets.mjs', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const leaks = {
  'API key': 'sk_live_3FgH7jK9lM1nP5qR7sT9vW2xY4zA6bC8',
  'webhook secret': 'whsec_MfKQ9r8GKYqrTwJSJ6QfVt4UDtbkNnbz',
  'wallet secret': '/w/0Pq7ZkLm3xYtR2vB9nC4dF6gH8jK1lM5nO7pQ9rS',
  'stream token': 'st_Qm9ZkWx3-Lp8_RtYv2BnC4dF6gH8jK1l',
  'pairing token': 'pair_7Hk2Lm9Np4Qr6St8Vw1Xy3Za5Bc7De9F',
  'ticket code (JWS)':
    'eyJhbGciOiJFZERTQSIsInR5cCI6InRpY2tldCtqd3QifQ.eyJzdWIiOiJ0aWtfMSIsImV4cCI6MX0.c2lnbmF0dXJlc2lnbmF0dXJlc2ln',
};

describe('findSecrets', () => {
  it('finds every kind of Marquee secret by its shape, with its line', () => {
    const text = Object.values(leaks)
      .map((secret, n) => `{"n":${n},"msg":"x ${secret} y"}`)
      .join('\n');
    expect(findSecrets(text).map((hit) => [hit.line, hit.kind])).toEqual(
      Object.keys(leaks).map((kind, n) => [n + 1, kind]),
    );
  });

  it('finds issued secrets whatever their shape, and never repeats one in its report', () => {
    const hits = findSecrets('a\nthe code is VIP-2026-doors\n', ['VIP-2026-doors']);
    expect(hits).toEqual([{ line: 2, kind: 'issued secret', preview: '(14 chars, ending oors)' }]);
    for (const secret of Object.values(leaks)) {
      expect(JSON.stringify(findSecrets(secret))).not.toContain(secret.slice(0, 12));
    }
  });

  it('passes masked logs', () => {
    const text = [
      '{"req":{"method":"GET","url":"/w/[redacted]/strip"},"msg":"incoming request"}',
      '{"req":{"url":"/v2/scans/stream?stream_token=[redacted]"},"last_seen_at":1}',
      '{"msg":"key sk_live_… is unknown","id":"evt_0PqZkLm3xYtR2vB9nC4d"}',
    ].join('\n');
    expect(findSecrets(text)).toEqual([]);
  });
});

describe('node scripts/grep-secrets.mjs', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

  it('exits 1 naming the file and line of a leak in a folder of logs, 0 for clean logs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-grep-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'server-logs'));
    writeFileSync(join(dir, 'server-logs', 'clean.log'), '{"msg":"listening"}\n');
    writeFileSync(join(dir, 'server-logs', 'leaky.log'), `ok\n{"url":"${leaks['wallet secret']}"}\n`);
    const leaky = run(join(dir, 'server-logs'));
    expect(leaky.status).toBe(1);
    expect(leaky.stdout).toContain(`${join(dir, 'server-logs', 'leaky.log')}:2: wallet secret`);
    expect(leaky.stdout).not.toContain(leaks['wallet secret']);

    expect(run(join(dir, 'server-logs', 'clean.log')).status).toBe(0);
    const known = join(dir, 'secrets.txt');
    writeFileSync(known, 'listening\n');
    expect(run('--secrets-file', known, join(dir, 'server-logs', 'clean.log')).status).toBe(1);
    expect(run('--secret', 'listening', join(dir, 'server-logs', 'clean.log')).status).toBe(1);
  });

  it('exits 2 without a path', () => {
    expect(run().status).toBe(2);
  });
});
