import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import type { EventView, OrderView } from '../../src/renderer/src/api/types.js';
import { kioskTiers } from '../../src/renderer/src/lib/kiosk-offer.js';
import type {
  PaymentAmount,
  PaymentResult,
  PaymentTerminal,
} from '../../src/renderer/src/lib/payment-terminal.js';
import { attendantTerminal, useKiosk } from '../../src/renderer/src/stores/kiosk-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { buildApp } from '../../src/server/app.js';
import { waitUntil } from '../support/eventually.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

// The kiosk's sale logic against the real server over real HTTP: the card is "charged" by a
// terminal implementation of the seam, exactly as a card-terminal integration would plug in.
let app: FastifyInstance;
let dataDir: string;
let port: number;
let url: string;
const admin = () => makeClient(url, adminSecret);

async function listen(): Promise<void> {
  app = await buildApp(testOptions(dataDir));
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  url = `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  dataDir = tempDataDir();
  port = 0;
  await listen();
  useSession.getState().setBaseUrl(url);
  const key = await unwrap(admin().POST('/v2/api_keys', { body: { name: 'kiosk', scope: 'kiosk' } }));
  expect(await useSession.getState().signIn(key.secret, 'login')).toBe(true);
  expect(useSession.getState().role).toBe('kiosk');
  // A kiosk offers card payment only once the venue has an attendant PIN (kiosk-edges.e2e.ts has
  // the kiosk without one); every test here pays by card.
  await unwrap(admin().PATCH('/v2/settings', { body: { kiosk_attendant_pin: '482913' } }));
});
afterAll(async () => {
  useKiosk.getState().setTerminal(attendantTerminal);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A terminal that answers from a script, optionally doing something while the card is "read". */
class ScriptedTerminal implements PaymentTerminal {
  readonly label = 'Scripted';
  readonly requests: PaymentAmount[] = [];
  constructor(
    private readonly answers: PaymentResult[],
    private readonly whileReading: () => Promise<void> = async () => undefined,
  ) {}
  async requestPayment(amount: PaymentAmount): Promise<PaymentResult> {
    this.requests.push(amount);
    await this.whileReading();
    return this.answers.shift() ?? 'declined';
  }
}

let event: EventView;
let tierId: string;

async function ordersOfEvent(): Promise<OrderView[]> {
  return (await unwrap(admin().GET('/v2/orders', { params: { query: { event_id: event.id } } }))).data;
}

/** A fresh event (5 seats, 4 per order) and the kiosk at its details step for 2 tickets. */
async function readyToPay(): Promise<void> {
  event = await unwrap(
    admin().POST('/v2/events', {
      body: {
        title: 'Kiosk night',
        venue: 'Hall',
        doors_at: '2026-12-24T19:00:00Z',
        tickets: [
          { name: 'Standard', price_cents: 2500, quantity: 5, max_per_order: 4 },
          {
            name: 'Members',
            price_cents: 1500,
            quantity: 5,
            visibility: 'access_code',
            access_code: 'JAZZ24',
          },
        ],
      },
    }),
  );
  event = await unwrap(admin().POST('/v2/events/{id}/publish', { params: { path: { id: event.id } } }));
  const kiosk = useKiosk.getState();
  kiosk.reset();
  kiosk.chooseEvent(event.id);
  await useKiosk.getState().loadOffer(event.id);
  tierId = useKiosk.getState().offer.data!.tiers[0]!.id;
  useKiosk.getState().chooseTier(tierId);
  useKiosk.getState().setQuantity(2, 4);
  useKiosk.getState().toDetails();
  useKiosk.getState().setBuyer('buyerEmail', 'kim@example.com');
}

describe('the offer and access codes, checked by the server', () => {
  beforeEach(readyToPay);

  it('offers public tiers; a wrong code unlocks nothing; the right one unlocks its tier', async () => {
    const names = () => kioskTiers(useKiosk.getState().offer.data!, Date.now()).map((t) => t.tier.name);
    expect(names()).toEqual(['Standard']);
    useKiosk.getState().setCodeText('WRONG');
    expect(await useKiosk.getState().applyCode(event.id)).toBe(false);
    expect(useKiosk.getState()).toMatchObject({
      code: '',
      codeNote: 'That code does not unlock any tickets for this event.',
    });
    expect(names()).toEqual(['Standard']);
    useKiosk.getState().setCodeText(' JAZZ24 ');
    expect(await useKiosk.getState().applyCode(event.id)).toBe(true);
    expect(names()).toEqual(['Standard', 'Members']);
    // What the kiosk holds: the code the customer typed, never one the server sent.
    expect(JSON.stringify(useKiosk.getState().offer)).not.toContain('JAZZ24');
    await useKiosk.getState().clearCode(event.id);
    expect(names()).toEqual(['Standard']);
  });

  it('sells an unlocked tier with the code the server accepted', async () => {
    useKiosk.getState().setCodeText('JAZZ24');
    await useKiosk.getState().applyCode(event.id);
    const members = useKiosk.getState().offer.data!.tiers.find((t) => t.name === 'Members')!;
    useKiosk.getState().chooseTier(members.id);
    useKiosk.getState().toDetails();
    useKiosk.getState().setBuyer('buyerEmail', 'kim@example.com');
    useKiosk.getState().setTerminal(new ScriptedTerminal(['approved']));
    await useKiosk.getState().pay(event);
    expect(useKiosk.getState().order).toMatchObject({ total_cents: 1500, payment_method: 'card' });
  });
});

describe('the attendant terminal against the server', () => {
  beforeEach(readyToPay);

  it('a wrong PIN approves nothing; the attendant PIN set in Settings approves the card', async () => {
    await unwrap(admin().PATCH('/v2/settings', { body: { kiosk_attendant_pin: '482913' } }));
    useKiosk.getState().setTerminal(attendantTerminal);
    const paying = useKiosk.getState().pay(event);
    await waitUntil(() => attendantTerminal.pending !== null, 5_000, 'the attendant terminal pending');
    expect(await attendantTerminal.approve('111111')).toBe('That is not the attendant PIN.');
    expect(useKiosk.getState().stage).toBe('paying');
    expect(await ordersOfEvent()).toHaveLength(0);
    expect(await attendantTerminal.approve('482913')).toBeNull();
    await paying;
    expect(useKiosk.getState()).toMatchObject({ stage: 'done', order: { payment_method: 'card' } });
    expect(await ordersOfEvent()).toHaveLength(1);
  });
});

describe('kiosk card sales', () => {
  beforeEach(readyToPay);

  it('records nothing for a declined card, then one card order for the approved attempt', async () => {
    const terminal = new ScriptedTerminal(['declined', 'approved']);
    useKiosk.getState().setTerminal(terminal);
    await useKiosk.getState().pay(event);
    expect(useKiosk.getState()).toMatchObject({ stage: 'details', attemptKey: null });
    expect(useKiosk.getState().note).toMatch(/declined/);
    expect(await ordersOfEvent()).toHaveLength(0);

    await useKiosk.getState().pay(event);
    const { stage, order } = useKiosk.getState();
    expect(stage).toBe('done');
    expect(order).toMatchObject({
      payment_method: 'card',
      total_cents: 5000,
      buyer: { name: 'Kiosk guest', email: 'kim@example.com' },
    });
    expect(order?.tickets).toHaveLength(2);
    // Each attempt had its own reference, which is also the order's Idempotency-Key.
    expect(terminal.requests.map((r) => r.cents)).toEqual([5000, 5000]);
    const [declined, approved] = terminal.requests.map((r) => r.reference);
    expect(declined).not.toBe(approved);
    // Idempotency keys belong to the key that used them: replay with the kiosk's own client.
    const replay = await unwrap(
      useSession.getState().client!.POST('/v2/orders', {
        body: {
          event_id: event.id,
          items: [{ tier_id: tierId, quantity: 2 }],
          buyer: { name: 'Kiosk guest', email: 'kim@example.com' },
          payment_method: 'card',
          expected_total_cents: 5000,
        },
        headers: { 'Idempotency-Key': approved! },
      }),
    );
    expect(replay.id).toBe(order?.id);
    expect(await ordersOfEvent()).toHaveLength(1);
  });

  it('a refusal after the card was approved (another till sold the seats) asks the attendant to refund', async () => {
    const anotherTill = async () => {
      await unwrap(
        admin().POST('/v2/orders', {
          body: { event_id: event.id, items: [{ tier_id: tierId, quantity: 4 }], payment_method: 'cash' },
        }),
      );
    };
    useKiosk.getState().setTerminal(new ScriptedTerminal(['approved'], anotherTill));
    await useKiosk.getState().pay(event);
    const { stage, failure } = useKiosk.getState();
    expect(stage).toBe('record_failed');
    expect(failure).toMatchObject({ retryable: false, charged: '$50.00' });
    expect(failure?.message).toMatch(/^The card payment went through, but the tickets could not be issued: /);
    expect((await ordersOfEvent()).map((o) => o.payment_method)).toEqual(['cash']);
  });

  it('a tier repriced before paying shows the new total and reads no card', async () => {
    await unwrap(
      admin().PATCH('/v2/tiers/{id}', { params: { path: { id: tierId } }, body: { price_cents: 3000 } }),
    );
    const terminal = new ScriptedTerminal(['approved']);
    useKiosk.getState().setTerminal(terminal);
    await useKiosk.getState().pay(event);
    expect(terminal.requests).toHaveLength(0);
    expect(useKiosk.getState()).toMatchObject({
      stage: 'details',
      note: 'The price of Standard is now $30.00 (it was $25.00), so the total is now $60.00. Nothing was charged: press Pay by card to pay the new total, or Back to change your tickets.',
    });
    // Paying again is paying the total now shown.
    await useKiosk.getState().pay(event);
    expect(terminal.requests.map((r) => r.cents)).toEqual([6000]);
    expect(useKiosk.getState().order).toMatchObject({ total_cents: 6000 });
  });

  it('a tier repriced while the card is read records no order at a total the card was not charged', async () => {
    const manager = async () => {
      await unwrap(
        admin().PATCH('/v2/tiers/{id}', { params: { path: { id: tierId } }, body: { price_cents: 3000 } }),
      );
    };
    useKiosk.getState().setTerminal(new ScriptedTerminal(['approved'], manager));
    await useKiosk.getState().pay(event);
    const { stage, failure } = useKiosk.getState();
    expect(stage).toBe('record_failed');
    expect(failure).toMatchObject({ retryable: false, charged: '$50.00' });
    expect(failure?.message).toContain(
      'The price changed: this order now totals $60.00, not the $50.00 expected.',
    );
    expect(await ordersOfEvent()).toHaveLength(0);
  });

  it('a server away after approval is retried with the same key; one order once it is back', async () => {
    const serverGoesAway = async () => {
      await app.close();
    };
    useKiosk.getState().setTerminal(new ScriptedTerminal(['approved'], serverGoesAway));
    const started = Date.now();
    await useKiosk.getState().pay(event);
    // Two automatic retries (1 s, 2 s) before handing over to the attendant.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(useKiosk.getState()).toMatchObject({ stage: 'record_failed', failure: { retryable: true } });
    const key = useKiosk.getState().attemptKey;
    expect(key).toMatch(/^till_/);

    await listen();
    await useKiosk.getState().retryRecord();
    expect(useKiosk.getState().stage).toBe('done');
    expect(await ordersOfEvent()).toHaveLength(1);
    await useKiosk.getState().retryRecord();
    expect(await ordersOfEvent()).toHaveLength(1);
  });
});
