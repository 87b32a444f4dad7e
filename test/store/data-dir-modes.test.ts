/**
 * The venue data dir holds the store (webhook secrets, key hashes), the signing and TLS keys and
 * admin-key.txt: after a real start the folder is 0700 and every file in it 0600, under the
 * usual umask 022 that would otherwise make them 0644; a data dir an older version left open is
 * tightened at the next start.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureKioskKey } from '../../src/main/kiosk-key.js';
import { buildApp } from '../../src/server/app.js';
import { testOptions } from '../support/test-app.js';

const parents: string[] = [];
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of parents.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) with its permission bits, relative names. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = (statSync(path).mode & 0o777).toString(8);
  }
  return out;
}

/** A data dir as the desktop's host mode makes it: HTTPS material, a generated admin key, the kiosk key. */
async function startIn(dataDir: string): Promise<FastifyInstance> {
  // Built, not listening: a non-loopback host is only there to make the TLS material.
  app = await buildApp(testOptions(dataDir, { host: '0.0.0.0', tls: 'auto', adminKey: undefined }));
  ensureKioskKey(app.ctx.keys, dataDir);
  return app;
}

function expectPrivate(dataDir: string): void {
  const found = modes(dataDir);
  for (const name of [
    'marquee.db',
    'marquee.db-wal',
    'marquee.db-shm',
    'marquee.pid',
    'admin-key.txt',
    'kiosk-key.txt',
    'tls',
    'tls/cert.pem',
    'tls/key.pem',
    'signing-keys',
  ]) {
    expect(found, name).toHaveProperty([name]);
  }
  expect(Object.keys(found).some((name) => /^signing-keys\/.+\.pem$/.test(name))).toBe(true);
  for (const [name, mode] of Object.entries(found)) {
    const isDir = statSync(join(dataDir, name)).isDirectory();
    expect([name, mode]).toEqual([name, isDir ? '700' : '600']);
  }
}

describe('data dir modes', () => {
  it('a new data dir is 0700 and every file the server makes in it 0600, -wal and -shm included', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'marquee-modes-'));
    parents.push(parent);
    const dataDir = join(parent, 'venue-data');
    await startIn(dataDir);
    expectPrivate(dataDir);
  });

  it('tightens a data dir an older version left 0755 with 0644 files', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'marquee-modes-'));
    parents.push(parent);
    const dataDir = join(parent, 'venue-data');
    await (await startIn(dataDir)).close();
    app = undefined;
    for (const [name] of Object.entries(modes(dataDir))) {
      const path = join(dataDir, name);
      chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    }
    expect(modes(dataDir)['marquee.db']).toBe('644');
    await startIn(dataDir);
    expectPrivate(dataDir);
  });
});
