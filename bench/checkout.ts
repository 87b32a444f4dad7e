/**
 * Checkout (1 ticket) and GET /v2/tickets/{id} against hello-world, in the same run and the same
 * way: each server in its own process, autocannon here, 10 connections, 3 s per measurement after
 * a 1 s warm-up. Hello-world is measured first and last and averaged, so load from anything else
 * on the machine drifting during the run skews the ratios less. GET ticket runs before checkout,
 * which grows the store by thousands of orders. Targets (issue 3): checkout ≥ 0.12 ×, GET ticket
 * ≥ 0.5 × hello-world. Checkout is measured once more with a webhook endpoint subscribed (no
 * target; after the last hello-world), since without one the outbox writes nothing.
 *
 *   npx tsx bench/checkout.ts
 */
import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';
import { printResults, type BenchResult } from './bench-result.js';
import { startHelloWorld, startMarquee } from './sales-servers.js';

const adminKey = 'sk_live_benchadminkey000000000000001';
const connections = 10;
const seconds = 3;

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** Requests per second over `seconds`; any non-2xx answer fails the run (a refusal is not throughput). */
async function measure(load: Load, duration = seconds): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ ...load, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${load.method ?? 'GET'} ${load.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function warmThenMeasure(load: Load): Promise<{ rps: number; p99: number }> {
  await measure(load, 1);
  return measure(load);
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function run(): Promise<BenchResult[]> {
  const hello = await startHelloWorld();
  const marquee = await startMarquee(adminKey);
  try {
    const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
    const post = (path: string, body: unknown) =>
      fetch(`${marquee.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const event = await json<{ id: string }>(
      await post('/v2/events', {
        title: 'Bench night',
        venue: 'Main hall',
        doors_at: '2030-12-24T19:00:00+00:00',
        tickets: [{ name: 'General admission', price_cents: 2500, quantity: 1_000_000 }],
      }),
    );
    await json(await post(`/v2/events/${event.id}/publish`, {}));
    const tiers = await json<{ data: { id: string }[] }>(
      await fetch(`${marquee.url}/v2/events/${event.id}/tiers`, { headers }),
    );
    const checkoutBody = JSON.stringify({
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: 'Bench Buyer', email: 'bench@example.com' },
      payment_method: 'card',
    });
    const order = await json<{ tickets: { id: string }[] }>(
      await post('/v2/orders', JSON.parse(checkoutBody)),
    );

    const helloBefore = await warmThenMeasure({ url: `${hello.url}/` });
    const ticket = await warmThenMeasure({
      url: `${marquee.url}/v2/tickets/${order.tickets[0]!.id}`,
      headers: { authorization: headers.authorization },
    });
    const checkout = await warmThenMeasure({
      url: `${marquee.url}/v2/orders`,
      method: 'POST',
      headers,
      body: checkoutBody,
    });
    const helloAfter = await measure({ url: `${hello.url}/` });
    const base = { rps: (helloBefore.rps + helloAfter.rps) / 2 };
    // With an integration: every checkout then also writes its order.created message (the outbox
    // writes none that no endpoint takes). The receiver is unreachable, so nothing is sent and
    // the messages wait, as at a venue whose uplink is down.
    await json(await post('/v2/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', events: ['*'] }));
    const checkoutWithWebhook = await warmThenMeasure({
      url: `${marquee.url}/v2/orders`,
      method: 'POST',
      headers,
      body: checkoutBody,
    });

    const versus = (name: string, rps: number, target: number): BenchResult => {
      const ratio = rps / base.rps;
      return {
        name,
        value: Math.round(rps),
        unit: 'req/s',
        baseline: Math.round(base.rps),
        ratio,
        target: `≥ ${target} × hello-world`,
        met: ratio >= target,
      };
    };
    return [
      {
        name: 'hello-world (bare Fastify), mean of first and last',
        value: Math.round(base.rps),
        unit: 'req/s',
      },
      versus('POST /v2/orders (1 ticket)', checkout.rps, 0.12),
      versus('GET /v2/tickets/{id}', ticket.rps, 0.5),
      {
        name: 'POST /v2/orders with a webhook endpoint taking every kind (receiver offline)',
        value: Math.round(checkoutWithWebhook.rps),
        unit: 'req/s',
        baseline: Math.round(base.rps),
        ratio: checkoutWithWebhook.rps / base.rps,
      },
      { name: 'POST /v2/orders p99 latency', value: checkout.p99, unit: 'ms' },
      { name: 'GET /v2/tickets/{id} p99 latency', value: ticket.p99, unit: 'ms' },
    ];
  } finally {
    await Promise.all([hello.stop(), marquee.stop()]);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((rows) => printResults('Checkout (issue 3)', rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
