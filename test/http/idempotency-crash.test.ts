import Database from 'better-sqlite3';
import type { components } from '../../src/shared/api/schema.js';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  httpSaleEvent,
  removeServerBundle,
  spawnServer,
  killedAfterEach,
} from '../support/spawned-server.js';
import { adminSecret, tempDataDir } from '../support/test-app.js';

const run = killedAfterEach();
afterAll(removeServerBundle);

const rounds = Number(process.env.CRASH_ROUNDS ?? 15);
const tills = 6;
const ticketPrice = 2500;
const partialRefund = 700;

/** One keyed request of the stream: sent until it is answered, always with the same key and body. */
interface Op {
  key: string;
  kind: 'checkout' | 'refund' | 'void';
  path: string;
  body: Record<string, unknown>;
  /** The order a refund or void is about (each order is refunded or voided at most once). */
  orderId?: string;
  ticketId?: string;
  /** How often it was sent: more than once when a kill cut it off. */
  sent: number;
  /** Every answer received (at most one per send). */
  answers: { status: number; body: string; replayed: boolean }[];
}

type OrderAnswer = components['schemas']['Order'];

async function send(base: string, op: Op): Promise<void> {
  op.sent++;
  const res = await fetch(`${base}${op.path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminSecret}`,
      'content-type': 'application/json',
      'idempotency-key': op.key,
    },
    body: JSON.stringify(op.body),
  });
  // Only a whole answer counts as received: one cut off in its body is retried like any other.
  const body = await res.text();
  op.answers.push({ status: res.status, body, replayed: res.headers.get('idempotent-replayed') === 'true' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kill -9 during a stream of keyed checkouts, refunds and voids', () => {
  it('after retrying every unanswered request with its key, no key has two effects', async () => {
    run.dataDir = tempDataDir('marquee-idem-crash-');
    run.server = await spawnServer(run.dataDir, {}, { bundled: true });
    const { eventId, tierId } = await httpSaleEvent(run.server.url, 1_000_000);

    const ops: Op[] = [];
    /** Orders whose checkout was answered and that no refund or void has taken yet. */
    const targets: OrderAnswer[] = [];
    let unanswered: Op[] = [];
    let next = 0;

    const nextOp = (round: number): Op => {
      const n = next++;
      const key = `crash-${round}-${n}`;
      const kind = (['checkout', 'refund', 'checkout', 'void'] as const)[n % 4]!;
      const target = kind === 'checkout' ? undefined : targets.shift();
      let op: Op;
      if (!target) {
        op = {
          key,
          kind: 'checkout',
          path: '/v2/orders',
          // The buyer's name is the key: each order says which request made it.
          body: {
            event_id: eventId,
            items: [{ tier_id: tierId, quantity: 1 }],
            buyer: { name: key, email: `buyer${n}@example.com` },
            payment_method: 'card',
          },
          sent: 0,
          answers: [],
        };
      } else if (kind === 'refund') {
        const body = { amount_cents: partialRefund };
        op = {
          key,
          kind,
          path: `/v2/orders/${target.id}/refund`,
          body,
          orderId: target.id,
          sent: 0,
          answers: [],
        };
      } else {
        const ticketId = target.tickets[0]!.id;
        op = {
          key,
          kind,
          path: `/v2/tickets/${ticketId}/void`,
          body: {},
          orderId: target.id,
          ticketId,
          sent: 0,
          answers: [],
        };
      }
      ops.push(op);
      return op;
    };

    const settle = (op: Op) => {
      const last = op.answers.at(-1)!;
      if (op.kind === 'checkout' && last.status === 200) targets.push(JSON.parse(last.body) as OrderAnswer);
    };

    for (let round = 0; round < rounds; round++) {
      const base = run.server.url;
      // Everything the last kill cut off, again with the same key and body, before anything new.
      for (const op of unanswered) {
        await send(base, op);
        settle(op);
      }
      unanswered = [];

      let answeredThisRound = 0;
      let killed = false;
      const till = async () => {
        for (let i = 0; i < 10_000 && !killed; i++) {
          const op = nextOp(round);
          try {
            await send(base, op);
            answeredThisRound++;
            settle(op);
          } catch (err) {
            if (!killed) throw err;
            unanswered.push(op);
          }
        }
      };
      const running = Array.from({ length: tills }, till);
      // A random point of the stream: after 1–40 answers and a random 0–15 ms more.
      const answersBeforeKill = 1 + Math.floor(Math.random() * 40);
      const deadline = Date.now() + 10_000;
      while (answeredThisRound < answersBeforeKill && Date.now() < deadline) await sleep(1);
      await sleep(Math.random() * 15);
      killed = true;
      await run.server.kill9();
      await Promise.all(running);
      expect(run.server.child.signalCode).toBe('SIGKILL');
      run.server = await spawnServer(run.dataDir, {}, { bundled: true });
    }
    for (const op of unanswered) {
      await send(run.server.url, op);
      settle(op);
    }
    await run.server.stop();

    // Every request was answered in the end, and every answer was a 200: a retry of a request
    // whose first answer was lost is either the first answer replayed or its first run.
    const refused = ops.filter((op) => op.answers.length === 0 || op.answers.some((a) => a.status !== 200));
    expect(
      refused.map(
        (op) => `${op.kind} ${op.key}: ${op.answers.map((a) => `${a.status} ${a.body}`).join(' | ')}`,
      ),
    ).toEqual([]);

    const db = new Database(join(run.dataDir, 'marquee.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ordersOf = db.prepare('SELECT id FROM orders WHERE buyer_name = ?');
      const refundsOf = db.prepare(
        "SELECT COUNT(*) AS n, COALESCE(SUM(amount_cents), 0) AS cents FROM refunds WHERE order_id = ? AND reason = 'requested'",
      );
      const voidRefundsOf = db.prepare(
        "SELECT COUNT(*) AS n, COALESCE(SUM(amount_cents), 0) AS cents FROM refunds WHERE ticket_id = ? AND reason = 'ticket_voided'",
      );
      const ticketStatus = db.prepare('SELECT status FROM tickets WHERE id = ?');
      const twice: string[] = [];
      for (const op of ops) {
        const answer = JSON.parse(op.answers.at(-1)!.body) as OrderAnswer;
        if (op.kind === 'checkout') {
          const made = ordersOf.all(op.key) as { id: string }[];
          if (made.length !== 1 || made[0]!.id !== answer.id)
            twice.push(`${op.key}: orders ${JSON.stringify(made)}`);
        } else if (op.kind === 'refund') {
          const refunds = refundsOf.get(op.orderId) as { n: number; cents: number };
          if (refunds.n !== 1 || refunds.cents !== partialRefund || answer.refunded_cents !== partialRefund)
            twice.push(`${op.key}: ${refunds.n} refunds (${refunds.cents} cents) of ${op.orderId}`);
        } else {
          const refunds = voidRefundsOf.get(op.ticketId) as { n: number; cents: number };
          const status = (ticketStatus.get(op.ticketId) as { status: string }).status;
          if (refunds.n !== 1 || refunds.cents !== ticketPrice || status !== 'voided')
            twice.push(`${op.key}: ticket ${status}, ${refunds.n} refunds of its price`);
        }
      }
      expect(twice).toEqual([]);
      // No effect without a request behind it either: as many orders and refunds as requests.
      const orders = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
      const refunds = (db.prepare('SELECT COUNT(*) AS n FROM refunds').get() as { n: number }).n;
      expect(orders).toBe(ops.filter((op) => op.kind === 'checkout').length);
      expect(refunds).toBe(ops.length - orders);

      const retried = ops.filter((op) => op.sent > 1).length;
      const replays = ops.filter((op) => op.answers.some((a) => a.replayed)).length;
      console.log(
        `idempotency crash test: ${rounds} kill -9 rounds, ${ops.length} keyed requests ` +
          `(${orders} checkouts, ${refunds} refunds and voids); ${retried} retried after a kill, ` +
          `${replays} of them answered by replaying a committed answer`,
      );
    } finally {
      db.close();
    }
  }, 240_000);
});
