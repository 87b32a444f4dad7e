import { requireUnshareNet, runInNetns, type NetnsRun } from '../support/netns-scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * mDNS discovery, pairing over HTTPS with certificate pinning, and refusal after a certificate
 * swap, all inside a private network namespace made for this test: its only links are loopback
 * and a veth pair (this kernel has no `dummy` link type), so no multicast leaves it.
 */
const setup = [
  'ip link set lo up',
  'ip link add d0 type veth peer name d1',
  'ip addr add 10.99.0.1/24 dev d0',
  // A second network on this machine, which the server does not listen on: never advertised.
  'ip addr add 10.99.0.2/24 dev d1',
  'ip link set d0 multicast on',
  'ip link set d0 up',
  'ip link set d1 up',
  // Multicast needs a route; this one exists only inside the namespace.
  'ip route add 224.0.0.0/4 dev d0',
  `exec env SCENARIO_HOST=${process.env.SCENARIO_HOST ?? '10.99.0.1'} node_modules/.bin/tsx test/scanner/fixtures/mdns-scenario.ts`,
].join('; ');

const runScenario = () => runInNetns(setup, 80_000);

describe('mDNS discovery and HTTPS pinning in a network namespace', () => {
  let run: NetnsRun;
  beforeAll(async () => {
    requireUnshareNet();
    run = await runScenario();
  }, 90_000);

  it('discovers, pairs with the pinned certificate, validates, and refuses a swapped certificate', () => {
    const { code, steps, output } = run;
    expect(code, output).toBe(0);

    const server = steps.get('server')!;
    expect(server.url).toBe('https://10.99.0.1:4380');
    expect(server.interfaces).toEqual(['d0', 'd1', 'lo']);

    const discover = steps.get('discover') as { ms: number; server: Record<string, unknown> };
    expect(discover.server).toMatchObject({
      venue: 'Namespace Hall',
      port: 4380,
      baseUrl: 'https://10.99.0.1:4380',
      fingerprint: server.fingerprint,
      version: '2',
      apiPath: '/v2',
    });
    expect(discover.server.addresses).toEqual(['10.99.0.1']);
    expect(steps.get('qr')).toMatchObject({ url: 'https://10.99.0.1:4380', agrees: true });

    expect(steps.get('paired')).toMatchObject({
      baseUrl: 'https://10.99.0.1:4380',
      pinned: server.fingerprint,
      pulled: { full: true },
      scan: { result: 'admitted', mode: 'online' },
    });

    const swapped = steps.get('swapped')!;
    expect(swapped).toMatchObject({
      changed: true,
      // The door still decides (offline, queued) but never talked to the impostor.
      scan: { result: 'admitted', mode: 'offline', fallback: 'untrusted_server', queued: true },
      pull: 'pin_mismatch',
      sync: 'pin_mismatch',
      rediscoveredFingerprint: swapped.newFingerprint,
    });
    expect(swapped.serverScansAfter).toBe(swapped.serverScansBefore);
    expect(steps.get('done')).toEqual({ ok: true });
  });

  it('a door that starts looking after the startup announcements still finds the server (CLI discover and pair too)', () => {
    const server = run.steps.get('server')!;
    const late = run.steps.get('late') as {
      startedAfterMs: number;
      found: string[];
      cli: Record<string, unknown>;
    };
    expect(late.startedAfterMs).toBeGreaterThanOrEqual(3_900);
    expect(late.found).toEqual([server.fingerprint]);
    expect(late.cli).toEqual({
      discoverCode: 0,
      listedFingerprints: [server.fingerprint],
      pairCode: 0,
      fingerprint: server.fingerprint,
      baseUrl: 'https://10.99.0.1:4380',
      errors: [],
    });
  });

  it('an impostor advertising _marquee._tcp over real mDNS never receives a typed code', () => {
    const server = run.steps.get('server')!;
    const impostor = run.steps.get('impostor') as Record<string, unknown> & { impostorFingerprint: string };
    // Both answered; the check letters chose the box office, and the impostor heard nothing.
    expect(impostor.listed).toEqual([server.fingerprint, impostor.impostorFingerprint].sort());
    expect(impostor).toMatchObject({
      pairCode: 0,
      fingerprint: server.fingerprint,
      errors: [],
      seen: { requests: [], connections: 0 },
    });
    // The box office gone, the impostor alone answers: refused in a steward's words, nothing sent.
    const alone = run.steps.get('impostorAlone') as { pairCode: number; errors: string[]; seen: unknown };
    expect(alone.seen).toEqual({ requests: [], connections: 0 });
    expect(alone.pairCode).toBe(1);
    expect(alone.errors.join('\n')).toContain(
      'is not the box office that made this code, so the code was not sent',
    );
  });
});
