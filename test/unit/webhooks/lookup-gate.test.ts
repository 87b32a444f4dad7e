import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { gateLookups, resolveWithSystem, type ResolveAll } from '../../../src/server/webhooks/lookup-gate.js';

/**
 * Stands in for the system resolver (a venue's DNS cannot be made to hang from a test): counts
 * calls and how many run at once, and answers only when the test says so.
 */
function slowResolver() {
  const calls: string[] = [];
  const pending: { host: string; answer(addresses: LookupAddress[]): void; fail(err: Error): void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const resolve: ResolveAll = (host) => {
    calls.push(host);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise((answer, fail) =>
      pending.push({
        host,
        answer: (a) => {
          running--;
          answer(a);
        },
        fail: (e) => {
          running--;
          fail(e);
        },
      }),
    );
  };
  const settled = () => new Promise((r) => setTimeout(r, 0));
  return { resolve, calls, pending, settled, mostAtOnce: () => mostAtOnce };
}

const address = (n: number): LookupAddress[] => [{ address: `192.0.2.${n}`, family: 4 }];

describe('gateLookups', () => {
  it('runs at most two lookups at once; the rest wait their turn and all get answers', async () => {
    const dns = slowResolver();
    const lookup = gateLookups(dns.resolve);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((host) => lookup(`${host}.example`, 0));
    await dns.settled();
    expect(dns.calls).toEqual(['a.example', 'b.example']);
    for (let n = 1; dns.pending.length > 0; n++) {
      dns.pending.shift()!.answer(address(n));
      await dns.settled();
    }
    expect(dns.mostAtOnce()).toBe(2);
    expect(dns.calls).toHaveLength(5);
    expect((await Promise.all(answers)).map((a) => a[0]!.address)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `192.0.2.${n}`),
    );
  });

  it('deliveries to one host share its lookup, and the answer is reused until the TTL passes', async () => {
    const dns = slowResolver();
    let ms = 0;
    const lookup = gateLookups(dns.resolve, { ttlMs: 30_000, now: () => ms });
    const together = [lookup('hooks.example', 0), lookup('HOOKS.example', 0), lookup('hooks.example', 0)];
    await dns.settled();
    dns.pending.shift()!.answer(address(7));
    expect(new Set(await Promise.all(together)).size).toBe(1);
    ms = 29_999;
    await lookup('hooks.example', 0);
    expect(dns.calls).toHaveLength(1);
    ms = 30_000;
    const again = lookup('hooks.example', 0);
    await dns.settled();
    dns.pending.shift()!.answer(address(8));
    expect((await again)[0]!.address).toBe('192.0.2.8');
    expect(dns.calls).toHaveLength(2);
  });

  it('a failure is passed on, frees its slot and is not remembered', async () => {
    const dns = slowResolver();
    const lookup = gateLookups(dns.resolve, { maxConcurrent: 1 });
    const failing = lookup('down.example', 0);
    const queued = lookup('up.example', 0);
    await dns.settled();
    dns.pending.shift()!.fail(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' }));
    await expect(failing).rejects.toMatchObject({ code: 'EAI_AGAIN' });
    await dns.settled();
    dns.pending.shift()!.answer(address(1));
    expect((await queued)[0]!.address).toBe('192.0.2.1');
    const retried = lookup('down.example', 0);
    await dns.settled();
    expect(dns.calls).toEqual(['down.example', 'up.example', 'down.example']);
    dns.pending.shift()!.answer(address(2));
    await retried;
  });

  it('the system resolver answers a literal without asking anyone', async () => {
    expect(await resolveWithSystem('127.0.0.1', 0)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
