import { requireUnshareNet, runInNetns, type NetnsRun } from '../support/netns-scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The join path as it runs at a venue: HTTPS with the host's self-signed certificate, mDNS, a
 * second till's first-run screen. Inside a private network namespace with only loopback and a
 * veth pair, so no multicast reaches a real network (same setup as test/scanner/mdns-pairing).
 */
const setup = [
  'ip link set lo up',
  'ip link add t0 type veth peer name t1',
  'ip addr add 10.99.1.1/24 dev t0',
  'ip link set t0 multicast on',
  'ip link set t0 up',
  'ip link set t1 up',
  'ip route add 224.0.0.0/4 dev t0',
  'exec env SCENARIO_HOST=10.99.1.1 node_modules/.bin/tsx test/http/fixtures/till-join-scenario.ts',
].join('; ');

const runScenario = () => runInNetns(setup, 60_000);

describe('a second till joins over mDNS and pinned HTTPS (network namespace)', () => {
  let run: NetnsRun;
  beforeAll(async () => {
    requireUnshareNet();
    run = await runScenario();
  }, 70_000);

  it('the host serves HTTPS on the LAN and plain HTTP on loopback, one app', () => {
    expect(run.code, run.output).toBe(0);
    const host = run.steps.get('host')!;
    expect(host.url).toBe('https://10.99.1.1:4380');
    expect(host.loopbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // A pairing made over loopback still names the LAN address and certificate.
    expect(run.steps.get('pairing')).toEqual({ url: host.url, fingerprint: host.fingerprint });
  });

  it('the first-run screen finds the venue within its 2 s search', () => {
    const host = run.steps.get('host')!;
    const search = run.steps.get('search') as { ms: number; choices: unknown[]; error: string | null };
    expect(search.error).toBeNull();
    expect(search.choices).toEqual([
      { venue: 'Namespace Hall', baseUrl: 'https://10.99.1.1:4380', fingerprint: host.fingerprint },
    ]);
    expect(search.ms).toBeLessThan(3_000);
  });

  it('a wrong pin is refused before the one-time token leaves the till', () => {
    const wrong = run.steps.get('wrongPin') as {
      status: number;
      body: { error: { message: string } };
      devices: number;
    };
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/did not show the expected certificate.*nothing was sent/);
    expect(wrong.devices).toBe(0);
  });

  it('joins with the found venue and a bare token, pinning the host’s certificate', () => {
    const host = run.steps.get('host')!;
    const joined = run.steps.get('joined') as {
      status: number;
      choice: string;
      config: Record<string, unknown>;
    };
    expect(joined.status).toBe(200);
    expect(joined.choice).toBe('terminal');
    expect(joined.config).toMatchObject({
      baseUrl: 'https://10.99.1.1:4380',
      fingerprint: host.fingerprint,
      venue: 'Namespace Hall',
      apiKey: 'sk_live_…',
    });
  });

  it('the window’s certificate check trusts exactly that certificate, in Electron’s sha256/base64 form', () => {
    const pin = run.steps.get('pin') as { presented: string; verdict: string; otherHost: string };
    expect(pin.presented).toMatch(/^sha256\/[A-Za-z0-9+/]{43}=$/);
    expect(pin.verdict).toBe('trust');
    expect(pin.otherHost).toBe('default');
  });

  it('the till’s key sells but is refused admin routes, and its tray sees the venue up', () => {
    expect(run.steps.get('sell')).toEqual({
      order: 200,
      orderStatus: 'paid',
      adminRoute: 403,
      adminCode: 'insufficient_scope',
      tray: { mode: 'terminal', venue: 'Namespace Hall', url: 'https://10.99.1.1:4380', up: true },
    });
  });

  it('after the host’s certificate changes, the till trusts it no more', () => {
    expect(run.steps.get('swapped')).toEqual({
      changed: true,
      verdict: 'reject',
      tray: { mode: 'terminal', venue: 'Namespace Hall', url: 'https://10.99.1.1:4380', up: false },
    });
    expect(run.steps.get('done')).toEqual({ ok: true });
  });
});
