import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canUnshareNet, runInNetns, type NetnsRun } from '../support/netns-scenario.js';

/**
 * A venue whose router is up but whose uplink is down: its DNS takes queries and answers none.
 * Inside a private network and mount namespace, /etc/resolv.conf names such a server (a UDP socket
 * on 127.0.0.1:53 in the scenario that drops everything), and six webhook endpoints are addressed
 * by name, so their deliveries' lookups hang in getaddrinfo. Sales, door scans and file reads must
 * not wait on them, and every delivery must stay queued, nothing lost.
 */
const canUnshare = canUnshareNet('offline-dns-netns', true);
const resolvDir = mkdtempSync(join(tmpdir(), 'marquee-resolv-'));
const resolvConf = join(resolvDir, 'resolv.conf');
writeFileSync(resolvConf, 'nameserver 127.0.0.1\noptions timeout:4 attempts:1\n');
const setup = [
  'ip link set lo up',
  `mount --bind ${resolvConf} /etc/resolv.conf`,
  'exec node_modules/.bin/tsx test/http/fixtures/offline-dns-scenario.ts',
].join('; ');

describe.skipIf(!canUnshare)('an offline venue whose DNS never answers (network namespace)', () => {
  let run: NetnsRun;
  beforeAll(async () => {
    run = await runInNetns(setup, 60_000, true);
  }, 70_000);
  afterAll(() => rmSync(resolvDir, { recursive: true, force: true }));

  it('webhook deliveries really are stuck in DNS lookups', () => {
    expect(run.code, run.output).toBe(0);
    expect((run.steps.get('outage') as { dnsQueries: number }).dnsQueries).toBeGreaterThan(0);
  });

  it('meanwhile sales, door scans and file reads answer at once (a hung lookup takes 4 s)', () => {
    const during = run.steps.get('during') as {
      sales: number[];
      scans: number[];
      files: number[];
      results: string[];
    };
    expect(during.results).toEqual(['admitted', 'admitted', 'admitted', 'admitted', 'admitted']);
    for (const ms of [...during.sales, ...during.scans, ...during.files])
      expect(ms, run.output).toBeLessThan(1_000);
  });

  it('every delivery waits in the outbox: 40 messages for each of the six endpoints, none failed', () => {
    const status = run.steps.get('status') as { queued: number; failed: number; endpoints: unknown[] };
    expect(status.endpoints).toHaveLength(6);
    expect(status.queued).toBe(6 * 40);
    expect(status.failed).toBe(0);
  });
});
