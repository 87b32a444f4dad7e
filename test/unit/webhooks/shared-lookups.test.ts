import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  resolveWithSystem,
  shareLookups,
  type ResolveAll,
} from '../../../src/server/webhooks/shared-lookups.js';

/**
 * Stands in for the system resolver (the netns test hangs a real one): records calls and answers
 * only when the test says so.
 */
function slowResolver() {
  const calls: string[] = [];
  const pending: { host: string; answer(addresses: LookupAddress[]): void; fail(err: Error): void }[] = [];
  const resolve: ResolveAll = (host) => {
    calls.push(host);
    return new Promise((answer, fail) => pending.push({ host, answer, fail }));
  };
  const settled = () => new Promise((r) => setTimeout(r, 0));
  return { resolve, calls, pending, settled };
}

const address = (n: number): LookupAddress[] => [{ address: `192.0.2.${n}`, family: 4 }];

describe('shareLookups', () => {
  it('asks for each host once at a time, however many deliveries want it', async () => {
    const dns = slowResolver();
    const lookup = shareLookups(dns.resolve);
    const answers = ['a', 'b', 'a', 'c', 'b', 'a'].map((host) => lookup(`${host}.example`, 0));
    await dns.settled();
    expect(dns.calls).toEqual(['a.example', 'b.example', 'c.example']);
    for (let n = 1; dns.pending.length > 0; n++) dns.pending.shift()!.answer(address(n));
    expect((await Promise.all(answers)).map((a) => a[0]!.address)).toEqual(
      [1, 2, 1, 3, 2, 1].map((n) => `192.0.2.${n}`),
    );
  });

  it('deliveries to one host share its lookup, and the answer is reused until the TTL passes', async () => {
    const dns = slowResolver();
    let ms = 0;
    const lookup = shareLookups(dns.resolve, { ttlMs: 30_000, now: () => ms });
    const together = [lookup('hooks.example', 0), lookup('HOOKS.example', 0), lookup('hooks.example', 0)];
    await dns.settled();
    dns.pending.shift()!.answer(address(7));
    expect(new Set(await Promise.all(together)).size).toBe(1);
    ms = 29_999;
    await lookup('hooks.example', 0);
    expect(dns.calls).toHaveLength(1);
  });

  it('after its TTL an answer is still used, without waiting, while one lookup refreshes it', async () => {
    const dns = slowResolver();
    let ms = 0;
    const lookup = shareLookups(dns.resolve, { ttlMs: 30_000, maxStaleMs: 600_000, now: () => ms });
    const first = lookup('hooks.example', 0);
    await dns.settled();
    dns.pending.shift()!.answer(address(7));
    await first;
    ms = 30_000;
    // Answered at once with the old address, though the refresh has not answered.
    const during = await Promise.all([lookup('hooks.example', 0), lookup('hooks.example', 0)]);
    expect(during.map((a) => a[0]!.address)).toEqual(['192.0.2.7', '192.0.2.7']);
    await dns.settled();
    expect(dns.calls).toEqual(['hooks.example', 'hooks.example']);
    dns.pending.shift()!.answer(address(8));
    await dns.settled();
    expect((await lookup('hooks.example', 0))[0]!.address).toBe('192.0.2.8');
    expect(dns.calls).toHaveLength(2);
  });

  it('a failing refresh keeps the old answer until it is too old, then deliveries wait again', async () => {
    const dns = slowResolver();
    let ms = 0;
    const lookup = shareLookups(dns.resolve, { ttlMs: 30_000, maxStaleMs: 600_000, now: () => ms });
    const first = lookup('cloud.example', 0);
    await dns.settled();
    dns.pending.shift()!.answer(address(3));
    await first;
    // The uplink goes down: every refresh hangs, then fails.
    ms = 45_000;
    expect((await lookup('cloud.example', 0))[0]!.address).toBe('192.0.2.3');
    await dns.settled();
    dns.pending.shift()!.fail(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' }));
    await dns.settled();
    ms = 599_999;
    expect((await lookup('cloud.example', 0))[0]!.address).toBe('192.0.2.3');
    await dns.settled();
    dns.pending.shift()!.fail(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' }));
    await dns.settled();
    ms = 600_000;
    const waiting = lookup('cloud.example', 0);
    await dns.settled();
    expect(dns.calls).toHaveLength(4);
    dns.pending.shift()!.fail(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' }));
    await expect(waiting).rejects.toMatchObject({ code: 'EAI_AGAIN' });
  });

  it('a failure reaches every delivery that shared the lookup and is not remembered', async () => {
    const dns = slowResolver();
    const lookup = shareLookups(dns.resolve);
    const failing = [lookup('down.example', 0), lookup('down.example', 0)];
    await dns.settled();
    dns.pending.shift()!.fail(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' }));
    for (const attempt of failing) await expect(attempt).rejects.toMatchObject({ code: 'EAI_AGAIN' });
    const retried = lookup('down.example', 0);
    await dns.settled();
    expect(dns.calls).toEqual(['down.example', 'down.example']);
    dns.pending.shift()!.answer(address(2));
    expect((await retried)[0]!.address).toBe('192.0.2.2');
  });

  it('the system resolver answers a literal without asking anyone', async () => {
    expect(await resolveWithSystem('127.0.0.1', 0)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
