import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/renderer/src/api/client.js';
import { keepUnansweredSale, tillScope } from '../../src/renderer/src/lib/unanswered-sale.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useStaff } from '../../src/renderer/src/stores/staff-store.js';
import { startFlakyLink, type FlakyLink } from '../e2e/support/flaky-link.js';
import { closeTillTab, deskClient, freshTillTab } from '../support/fresh-till-tab.js';
import { tillAtPayment } from '../support/till-at-payment.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';

// One till shared by the box-office staff during a night, against the real server over a relay on
// loopback that can lose an answer: whoever signs in next finds a colleague's unanswered sale
// named as theirs and settled once, and a member the office signs out is told so by the till's poll.
let served: ServedTestApp;
let link: FlakyLink;
let tillSecret: string;
const staff: Record<'anna' | 'bob', { id: string; pin: string }> = {
  anna: { id: '', pin: '1357' },
  bob: { id: '', pin: '2468' },
};
/** The office's desk: its own key, and none of the till's staff sign-in (a module-wide token). */
const office = () => deskClient(served.url, adminSecret);
const orders = 'POST /v2/orders ';
const when = '\\d\\d:\\d\\d';

beforeAll(async () => {
  served = await serveTestApp();
  link = await startFlakyLink(served.url);
  tillSecret = (
    await unwrap(office().POST('/v2/api_keys', { body: { name: 'Till 1', scope: 'box_office' } }))
  ).secret;
  for (const [name, member] of Object.entries(staff)) {
    const made = await unwrap(
      office().POST('/v2/staff', {
        body: { name: name === 'anna' ? 'Anna' : 'Bob', role: 'seller', pin: member.pin },
      }),
    );
    member.id = made.id;
  }
});
afterAll(() => closeTillTab(link, served));
// A fresh tab: no sale on screen, nobody's.
beforeEach(() => freshTillTab(link, tillSecret));

/** `who` signs in at the till's keypad, as app.tsx tells the sale store. */
async function signsIn(who: keyof typeof staff) {
  expect(await useStaff.getState().signIn(staff[who].pin)).toBe(true);
  useSale.getState().signedIn(staff[who].id);
}

/** An event on sale, loaded at the till, with two GA for €60 cash at payment. */
const twoAtPayment = (title: string) =>
  tillAtPayment(office, { title, stock: 10, quantity: 2, tendered: '60' });

/** Who the audit trail says made the order. */
const madeBy = async (orderId: string) => {
  const trail = await unwrap(office().GET('/v2/audit_events', { params: { query: { object_id: orderId } } }));
  return trail.data.find((entry) => entry.action === 'order.created')?.actor.staff_id;
};

describe('the lid closed on Anna’s unanswered sale, and Bob signs in at the till next', () => {
  it('it had reached the server: Bob is told it is Anna’s, it is replayed under its key, one order, Anna’s', async () => {
    await signsIn('anna');
    const { complete, sold } = await twoAtPayment('Reached then lid');
    link.trouble(orders, 'lose-answer');
    expect(await complete()).toBeNull();
    expect(useSale.getState().error?.form).toContain('cannot tell whether the sale went through');
    const key = useSale.getState().idempotencyKey;
    link.release();
    // Signed out after the idle time while the lid was shut; Bob opens it.
    await useStaff.getState().signOut('idle');
    await signsIn('bob');
    expect(useSale.getState()).toMatchObject({ idempotencyKey: key, stage: 'payment' });
    expect(useSale.getState().error?.form).toMatch(
      new RegExp(`^Anna's sale of 2 tickets at ${when} was not confirmed\\. Checking with the venue server`),
    );
    await useSale.getState().resendUnanswered();
    expect(useSale.getState().stage).toBe('done');
    expect(useSale.getState().doneNote).toMatch(
      new RegExp(
        `^This is Anna's sale of 2 tickets at ${when} that was not confirmed: it went through, once\\.`,
      ),
    );
    // Anna's change was counted out by Anna: Bob is not shown one to hand over again.
    expect(useSale.getState().receipt).toBeNull();
    const [order, ...more] = await sold();
    expect(more).toHaveLength(0);
    expect(useSale.getState().order?.id).toBe(order!.id);
    expect(await madeBy(order!.id)).toBe(staff.anna.id);
  });

  it('it never reached the server: sent under the same key, sold once, recorded as Bob’s press', async () => {
    await signsIn('anna');
    const { complete, sold } = await twoAtPayment('Never reached then lid');
    await link.disconnect();
    expect(await complete()).toBeNull();
    await link.reconnect();
    await useStaff.getState().signOut('idle');
    await signsIn('bob');
    await Promise.all([useSale.getState().resendUnanswered(), useSale.getState().resendUnanswered()]);
    expect(useSale.getState().doneNote).toMatch(/^This is Anna's sale of 2 tickets at/);
    const [order, ...more] = await sold();
    expect(more).toHaveLength(0);
    expect(await madeBy(order!.id)).toBe(staff.bob.id);
  });

  it('Anna’s own cart, never sent, is still not Bob’s to see: dropped', async () => {
    await signsIn('anna');
    await twoAtPayment('Cart left open');
    useSale.getState().setBuyer('buyerEmail', 'guest@example.test');
    await useStaff.getState().signOut('idle');
    await signsIn('bob');
    expect(useSale.getState()).toMatchObject({ stage: 'tier', buyerEmail: '', idempotencyKey: null });
  });

  it('the browser was killed with the lid shut: the tab Bob opens names the sale as Anna’s', async () => {
    const at = Date.now() - 60_000;
    keepUnansweredSale(globalThis.localStorage, tillScope(link.url, tillSecret), {
      key: 'till_killed_tab',
      sent: [
        {
          event_id: 'evt_x',
          items: [{ tier_id: 'tkt_x', quantity: 1 }],
          payment_method: 'cash',
          channel: 'till',
        },
      ],
      sentAt: at,
      cart: {
        eventId: 'evt_x',
        tierId: 'tkt_x',
        held: [{ tierId: 'tkt_y', quantity: 2 }],
        quantity: 1,
        payment: 'cash',
        tenderedText: '',
        buyerName: '',
        buyerEmail: '',
        compReason: '',
      },
      seller: { id: staff.anna.id, name: 'Anna' },
    });
    await signsIn('bob');
    expect(useSale.getState().recover()).toBe('evt_x');
    expect(useSale.getState().error?.form).toMatch(
      new RegExp(`^Anna's sale of 3 tickets at ${when} was not confirmed\\. Checking`),
    );
    useSale.setState({ idempotencyKey: null, sentUnanswered: [] });
    // Anna, back at the till, is told of her own sale by its time.
    await useStaff.getState().signOut('manual');
    await signsIn('anna');
    expect(useSale.getState().recover()).toBe('evt_x');
    expect(useSale.getState().error?.form).toMatch(new RegExp(`^A sale from ${when} was not confirmed\\.`));
  });
});

describe('a member the office signs out while signed in at the till', () => {
  it('their PIN reset: the till’s poll finds it, back to the keypad with the server’s words, the cart kept', async () => {
    await signsIn('anna');
    await twoAtPayment('PIN reset mid-sale');
    await unwrap(
      office().PATCH('/v2/staff/{id}', { params: { path: { id: staff.anna.id } }, body: { pin: '9753' } }),
    );
    staff.anna.pin = '9753';
    await useStaff.getState().probe();
    expect(useStaff.getState()).toMatchObject({ session: null, signedOutBy: 'ended' });
    expect(useStaff.getState().endedWords).toBe(
      "Anna's sign-in here has ended: they signed out, or a manager has since reset their PIN or deactivated them. Sign in with your PIN again.",
    );
    expect(useSale.getState()).toMatchObject({ stage: 'payment', quantity: 2, tenderedText: '60' });
    // Anna, with her new PIN, finds her sale as she left it.
    await signsIn('anna');
    expect(useSale.getState()).toMatchObject({ stage: 'payment', quantity: 2, tenderedText: '60' });
  });

  it('deactivated: said by name', async () => {
    await signsIn('bob');
    await unwrap(office().DELETE('/v2/staff/{id}', { params: { path: { id: staff.bob.id } } }));
    await useStaff.getState().probe();
    expect(useStaff.getState().endedWords).toBe(
      'Bob has been deactivated, so their sign-in here has ended. Another member can sign in with their own PIN.',
    );
  });
});
