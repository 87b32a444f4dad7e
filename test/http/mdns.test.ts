import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { requireVethNamespace, vethPairSetup as netnsSetup } from '../support/netns-scenario.js';
import { tempDataDir } from '../support/test-app.js';

/**
 * mDNS must never reach the real network from a test. Everything that multicasts runs inside a
 * fresh network namespace (unshare --net) holding only lo and a veth pair with 10.99.0.x
 * addresses that exist nowhere else; the namespace disappears with the process.
 */
const script = fileURLToPath(new URL('../support/mdns-netns-script.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Findings {
  url: string;
  fingerprint: string;
  services: string[];
  txt: Record<string, string> | undefined;
  port: number | undefined;
  listenPort: number;
  health: number;
  peerFingerprint: string;
  pairingQr: string;
  renameStatus: number;
  renamedTxt: Record<string, string> | undefined;
  oldNameWithdrawn: boolean;
  withdrawn: boolean;
  withdrawnMs: number;
  browseError?: string;
}

describe('mDNS and HTTPS on the LAN, inside a private network namespace', () => {
  it('advertises _marquee._tcp with the contract TXT, serves HTTPS with that certificate, follows a venue rename, withdraws on close', () => {
    requireVethNamespace();
    const lanDir = tempDataDir('marquee-mdns-');
    const loopDir = tempDataDir('marquee-mdns-lo-');
    dirs.push(lanDir, loopDir);
    const run = spawnSync(
      'unshare',
      ['--net', 'sh', '-c', `${netnsSetup} && exec "$0" "$1" "$2" "$3"`, tsx, script, lanDir, loopDir],
      { encoding: 'utf8', timeout: 40_000 },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('FINDINGS '));
    expect(line, `${run.stdout}\n${run.stderr}`).toBeDefined();
    const findings = JSON.parse(line!.slice('FINDINGS '.length)) as Findings;

    expect(findings.browseError).toBeUndefined();
    expect(findings.url).toMatch(/^https:\/\/10\.99\.0\.1:\d+$/);
    expect(findings.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    // The loopback server never advertised; the LAN one did, once.
    expect(findings.services).toEqual(['Netns Hall']);
    expect(findings.txt).toEqual({
      v: '2',
      api: '/v2',
      fp: findings.fingerprint,
      venue: 'Netns Hall',
      // Names this venue's data, so a copy of it started elsewhere holds its sending (twin-guard.test.ts).
      store: expect.stringMatching(/^[\w-]{16}$/),
    });
    expect(findings.port).toBe(findings.listenPort);
    expect(findings.health).toBe(200);
    // What the device reaches over HTTPS is the certificate the TXT record told it to pin.
    expect(findings.peerFingerprint).toBe(findings.fingerprint);
    const qr = new URLSearchParams(findings.pairingQr.split('?')[1]);
    expect(qr.get('url')).toBe(findings.url);
    expect(qr.get('fp')).toBe(findings.fingerprint);
    // A rename in Settings re-advertises under the new name and withdraws the old one.
    expect(findings.renameStatus).toBe(200);
    expect(findings.renamedTxt).toEqual({
      v: '2',
      api: '/v2',
      fp: findings.fingerprint,
      venue: 'Renamed Hall',
      store: findings.txt?.store,
    });
    expect(findings.oldNameWithdrawn).toBe(true);
    expect(findings.withdrawn).toBe(true);
    expect(findings.withdrawnMs).toBeLessThan(3000);
  }, 60_000);
});
