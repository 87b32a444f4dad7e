import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mdnsTxt, storeMark } from '../../src/server/mdns.js';
import { backUpDataFolder } from '../../src/server/store/data-folder-backup.js';
import { makeTestApp, openTestApp, tempDataDir, type TestApp } from '../support/test-app.js';

/**
 * The mDNS `store` mark (docs/api.md "Starting on the spare"): the same for a store and any copy
 * made of it by `npm run backup`, through key rotations; different for a fresh install.
 */
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function app(open: () => Promise<TestApp>): Promise<TestApp> {
  const t = await open();
  cleanup.push(() => t.close());
  return t;
}

const markOf = (t: TestApp): string => storeMark(t.app.ctx.signingKeys.firstKid);

describe('the store mark in the mDNS TXT record', () => {
  it('a backup carries it through a key rotation; a fresh install has its own', async () => {
    const venue = await app(() => makeTestApp());
    const mark = markOf(venue);
    const firstKid = venue.app.ctx.signingKeys.activeKid;
    venue.app.ctx.signingKeys.rotate();
    expect(venue.app.ctx.signingKeys.activeKid).not.toBe(firstKid);
    expect(markOf(venue)).toBe(mark);

    const stick = tempDataDir('marquee-mark-stick-');
    cleanup.push(() => rmSync(stick, { recursive: true, force: true }));
    const copy = backUpDataFolder({ dataDir: venue.dataDir, destination: join(stick, 'b') });
    const spare = await app(() => openTestApp(copy.folder));
    expect(markOf(spare)).toBe(mark);

    const fresh = await app(() => makeTestApp());
    expect(markOf(fresh)).not.toBe(mark);
    // It names the data without naming a key.
    expect(mark).not.toContain(firstKid);
    expect(mdnsTxt('Hall', null, mark)).toEqual({ v: '2', api: '/v2', fp: '', venue: 'Hall', store: mark });
  });
});
