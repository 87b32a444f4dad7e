/**
 * Ticket credentials (CONTRACT.md "Ticket credentials"): what the offline wallet strip costs the
 * venue server. A strip for a night 36 h or more away is 432 rotating codes, each an Ed25519
 * signature; the server signs them on its crypto threads a batch at a time.
 *
 *  1. Server CPU per strip (`GET /w/{secret}/strip`, 432 codes), a different ticket each time so
 *     nothing is reused: the real headless server in its own process, its CPU time (every thread:
 *     event loop and crypto threads) read from /proc before and after, over `stripCount` strips
 *     asked one at a time. Target ≤ 30 ms. Beside it, the same-run baseline: raw node:crypto
 *     signing of 432 codes on one core here, the floor any implementation pays.
 *  2. The same ticket's strip asked again five times (a wallet refreshing): windows already signed
 *     are reused, so the server signs only what is new.
 *  3. Wall time of one strip, median, for the phone waiting on it.
 *
 *   npx tsx bench/credentials.ts
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { printResults, type BenchResult } from './bench-result.js';
import { startMarquee } from './sales-servers.js';

const adminKey = 'sk_live_benchcredentials00000000001';
const stripCount = 40;
const stripTokens = 432;
const targetMs = 30;
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

/** ms of CPU to sign 432 code-shaped inputs with node:crypto on this thread, median of 5. */
function rawSigningMs(): number {
  const { privateKey } = generateKeyPairSync('ed25519');
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'ticket+jwt', kid: 'bench' })).toString(
    'base64url',
  );
  const inputs = Array.from({ length: stripTokens }, (_, i) => {
    const iat = 1_800_000_000 + i * 300;
    const claims = { sub: 'tik_0Vbench000000000000', evt: 'evt_0V', tier: 'tkt_0V', iat, exp: iat + 300 };
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  });
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const before = process.cpuUsage();
    for (const input of inputs) sign(null, Buffer.from(input), privateKey).toString('base64url');
    const used = process.cpuUsage(before);
    runs.push((used.user + used.system) / 1000);
  }
  return median(runs);
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function run(): Promise<BenchResult[]> {
  const marquee = await startMarquee(adminKey);
  /** The server's CPU time so far, all threads, in ms (Linux /proc). */
  const serverCpuMs = (): number => {
    const seconds = marquee.cpuSeconds();
    if (seconds === null) throw new Error('reads the server CPU time from /proc: Linux only');
    return seconds * 1000;
  };
  try {
    const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
    const post = (path: string, body: unknown) =>
      fetch(`${marquee.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const event = await json<{ id: string }>(
      await post('/v2/events', {
        title: 'Bench night',
        venue: 'Main hall',
        // Far enough that every strip runs the full 36 h.
        doors_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        tickets: [{ name: 'General admission', price_cents: 2500, quantity: 1000, max_per_order: 100 }],
      }),
    );
    await json(await post(`/v2/events/${event.id}/publish`, {}));
    const tiers = await json<{ data: { id: string }[] }>(
      await fetch(`${marquee.url}/v2/events/${event.id}/tiers`, { headers }),
    );
    const order = await json<{ tickets: { wallet_url: string }[] }>(
      await post('/v2/orders', {
        event_id: event.id,
        items: [{ tier_id: tiers.data[0]!.id, quantity: stripCount + 1 }],
        buyer: { name: 'Bench Buyer', email: 'bench@example.com' },
        payment_method: 'card',
      }),
    );
    const paths = order.tickets.map((ticket) => new URL(ticket.wallet_url).pathname);
    const strip = async (path: string): Promise<number> => {
      const started = performance.now();
      const body = await json<{ tokens: unknown[] }>(await fetch(`${marquee.url}${path}/strip`));
      if (body.tokens.length !== stripTokens)
        throw new Error(`strip has ${body.tokens.length} codes, expected ${stripTokens}`);
      return performance.now() - started;
    };
    // Warm-up: the crypto threads start with their first job, and the JIT needs a few rounds.
    await strip(paths[stripCount]!);
    await strip(paths[stripCount]!);

    const freshCpuBefore = serverCpuMs();
    const walls: number[] = [];
    for (const path of paths.slice(0, stripCount)) walls.push(await strip(path));
    const freshCpu = (serverCpuMs() - freshCpuBefore) / stripCount;

    const againCpuBefore = serverCpuMs();
    for (let i = 0; i < stripCount; i++) await strip(paths[0]!);
    const againCpu = (serverCpuMs() - againCpuBefore) / stripCount;

    const raw = rawSigningMs();
    return [
      {
        name: `raw node:crypto Ed25519 signing of ${stripTokens} codes (one core, here)`,
        value: Math.round(raw * 10) / 10,
        unit: 'ms CPU',
      },
      {
        name: `GET /w/{secret}/strip, ${stripTokens} codes, server CPU per strip (all threads, ${stripCount} tickets)`,
        value: Math.round(freshCpu * 10) / 10,
        unit: 'ms CPU',
        baseline: Math.round(raw * 10) / 10,
        ratio: freshCpu / raw,
        target: `≤ ${targetMs} ms`,
        met: freshCpu <= targetMs,
      },
      {
        name: 'the same ticket’s strip asked again (windows reused), server CPU per strip',
        value: Math.round(againCpu * 10) / 10,
        unit: 'ms CPU',
        baseline: Math.round(raw * 10) / 10,
        ratio: againCpu / raw,
      },
      {
        name: 'GET /w/{secret}/strip wall time, median',
        value: Math.round(median(walls) * 10) / 10,
        unit: 'ms',
      },
    ];
  } finally {
    await marquee.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((rows) => printResults('Ticket credentials', rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
