import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutBody } from '../../src/renderer/src/api/types.js';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import {
  keepUnansweredSale,
  tillScope,
  unansweredSaleWords,
  wasDropped,
} from '../../src/renderer/src/lib/unanswered-sale.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { checkUnansweredWhenReachable } from '../../src/renderer/src/stores/unanswered-sale-watch.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';
import { memoryStorage } from '../support/memory-storage.js';
import { tillAtPayment } from '../support/till-at-payment.js';

// The till's sale store against the real server: carts sent under one Idempotency-Key whose
// answers were lost (the till's Wi-Fi), then the cart changed and completed again.
let served: ServedTestApp;
const office = () => makeClient(served.url, adminSecret);

beforeAll(async () => {
  served = await serveTestApp();
});
afterAll(async () => served.close());
beforeEach(async () => {
  useSession.getState().signOut();
  useSession.getState().setBaseUrl(served.url);
  await useSession.getState().signIn(adminSecret, 'login');
});

/** An event with `stock` GA on sale, loaded by the till, with one GA for cash ready to complete. */
async function tillSellingOne(title: string, stock: number) {
  const { event, tier, sold } = await tillAtPayment(office, { title, stock, tendered: '100' });
  const cart = (quantity: number): CheckoutBody => ({
    event_id: event.id,
    items: [{ tier_id: tier.id, quantity }],
    payment_method: 'cash',
    channel: 'till',
    expected_total_cents: 2500 * quantity,
  });
  /** What reached the server under `key` before its answer was lost. */
  const reached = (key: string, quantity: number) =>
    office()
      .POST('/v2/orders', { body: cart(quantity), headers: { 'Idempotency-Key': key } })
      .then((result) => result.response.status);
  return { event, tier, cart, reached, sold };
}

describe('a cart changed after a lost answer, completed again under the same key', () => {
  it('the first try was refused (sold out): nothing was sold, so the changed cart sells', async () => {
    const { event, tier, cart, reached, sold } = await tillSellingOne('Refused first', 2);
    expect(await reached('till_refused_first', 3)).toBe(409);
    useSale.setState({ idempotencyKey: 'till_refused_first', sentUnanswered: [cart(3)] });
    const order = await useSale.getState().submit(event, tier, 10);
    expect(order).toMatchObject({ total_cents: 2500 });
    expect(useSale.getState()).toMatchObject({ stage: 'done', doneNote: null, idempotencyKey: null });
    expect(await sold()).toHaveLength(1);
  });

  it('two carts lost, only the second reached the server: that sale is shown, the first never sold', async () => {
    const { event, tier, cart, reached, sold } = await tillSellingOne('Second reached', 10);
    expect(await reached('till_second_reached', 2)).toBe(200);
    useSale.setState({ idempotencyKey: 'till_second_reached', sentUnanswered: [cart(3), cart(2)] });
    const order = await useSale.getState().submit(event, tier, 10);
    expect(order).toMatchObject({ total_cents: 5000 });
    expect(useSale.getState().doneNote).toContain('had gone through before the change');
    // Shown without the change due: the €100 was counted for the cart of one.
    expect(useSale.getState().receipt).toBeNull();
    expect((await sold()).map((o) => o.total_cents)).toEqual([5000]);
  });
});

/** A till at payment for one GA, whose sale under `key` the server recorded, the answer lost on the way. */
async function recordedButUnanswered(title: string, key: string) {
  const till = await tillSellingOne(title, 10);
  expect(await till.reached(key, 1)).toBe(200);
  // As Complete sale leaves the store while its request is out.
  useSale.setState({ idempotencyKey: key, submitting: true, sentAt: Date.now(), sentUnanswered: [] });
  /** As the store is left once the request failed without an answer. */
  const putDownUnanswered = () =>
    useSale.setState({
      submitting: false,
      sentUnanswered: [till.cart(1)],
      error: { fields: {}, form: unansweredSaleWords },
    });
  return { ...till, putDownUnanswered };
}

// The moment the sale is put down as unanswered can come after a health poll found the server.
describe('a sale whose answer was lost is checked by itself as soon as the server answers', () => {
  let stopWatching: () => void = () => undefined;
  afterEach(() => {
    stopWatching();
    useSale.setState({ idempotencyKey: null, sentUnanswered: [], submitting: false });
  });

  it('the server answered a health poll before the sale was put down as unanswered: checked at once, sold once', async () => {
    const till = await recordedButUnanswered('Answered before put down', 'till_poll_first');
    stopWatching = checkUnansweredWhenReachable();
    // The failed request marked the till offline; a poll finds the server while the press is ending.
    useSession.getState().markUnreachable();
    useSession.getState().markReachable();
    expect(useSale.getState().stage).toBe('payment');
    till.putDownUnanswered();
    await vi.waitFor(() => expect(useSale.getState().stage).toBe('done'), { timeout: 5_000 });
    expect(useSale.getState().order?.total_cents).toBe(2500);
    expect(await till.sold()).toHaveLength(1);
  });

  it('put down while the server is out of reach: checked only once it answers again, sold once', async () => {
    const till = await recordedButUnanswered('Put down offline', 'till_offline_first');
    stopWatching = checkUnansweredWhenReachable();
    useSession.getState().markUnreachable();
    till.putDownUnanswered();
    // Nothing is sent while the till counts the server gone (it would only fail again).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(useSale.getState()).toMatchObject({ stage: 'payment', idempotencyKey: 'till_offline_first' });
    useSession.getState().markReachable();
    await vi.waitFor(() => expect(useSale.getState().stage).toBe('done'), { timeout: 5_000 });
    expect(await till.sold()).toHaveLength(1);
  });

  it('nothing is checked while the sale is still being sent by a press', async () => {
    await recordedButUnanswered('Still sending', 'till_still_sending');
    stopWatching = checkUnansweredWhenReachable();
    useSession.getState().markUnreachable();
    useSession.getState().markReachable();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(useSale.getState()).toMatchObject({ stage: 'payment', submitting: true });
  });
});

const keptCartOfOne = {
  held: [],
  quantity: 1,
  payment: 'cash' as const,
  tenderedText: '100',
  buyerName: '',
  buyerEmail: '',
  compReason: '',
};

/** A localStorage for the store in Node, as a browser's (the till keeps unanswered sales there). */
function installTillStorage() {
  const storage = memoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  return storage.items;
}

describe('a sale kept unanswered when the tab closed, checked when the till is opened again', () => {
  let kept: Map<string, string>;
  beforeEach(() => {
    kept = installTillStorage();
    // A new tab: nothing of the last test's sale on screen to give up.
    useSale.setState({ idempotencyKey: null, sentUnanswered: [] });
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  /** The till sends one GA whose answer is lost, and the tab is closed: only storage remembers. */
  async function lostThenClosed(title: string, stock: number, recorded: boolean, sentAgoMs = 60_000) {
    const till = await tillSellingOne(title, stock);
    const key = `till_${title.replace(/\W/g, '_')}`;
    if (recorded) expect(await till.reached(key, 1)).toBe(200);
    // What submit keeps before sending; then the tab is gone, and a new one has nothing on screen.
    keepUnansweredSale(globalThis.localStorage, tillScope(served.url, useSession.getState().apiKey!), {
      key,
      sent: [till.cart(1)],
      sentAt: Date.now() - sentAgoMs,
      cart: { ...keptCartOfOne, eventId: till.event.id, tierId: till.tier.id },
      seller: null,
    });
    useSale.getState().newSale();
    return till;
  }

  it('recorded before the answer was lost: shown at once as being checked, then as sold, once', async () => {
    const till = await lostThenClosed('Recorded then closed', 10, true);
    expect(useSale.getState().recover()).toBe(till.event.id);
    expect(useSale.getState()).toMatchObject({ stage: 'payment', quantity: 1, recovered: true });
    expect(useSale.getState().error?.form).toMatch(/^A sale from \d\d:\d\d was not confirmed\. Checking/);
    await useSale.getState().resendUnanswered();
    expect(useSale.getState()).toMatchObject({ stage: 'done', idempotencyKey: null, receipt: null });
    expect(useSale.getState().doneNote).toMatch(
      /^This is the sale from \d\d:\d\d that was not confirmed: it went through, once\./,
    );
    expect(await till.sold()).toHaveLength(1);
    expect(kept.size).toBe(0);
  });

  it('never reached the server: sent again under its key, it is sold once', async () => {
    const till = await lostThenClosed('Never reached', 10, false);
    useSale.getState().recover();
    await Promise.all([useSale.getState().resendUnanswered(), useSale.getState().resendUnanswered()]);
    expect(useSale.getState().stage).toBe('done');
    expect(await till.sold()).toHaveLength(1);
    expect(kept.size).toBe(0);
  });

  it('sold out meanwhile: the seller is told in words that nothing was sold, and it is forgotten', async () => {
    const till = await lostThenClosed('Sold out meanwhile', 1, false);
    await till.reached('another_till', 1);
    useSale.getState().recover();
    await useSale.getState().resendUnanswered();
    expect(useSale.getState()).toMatchObject({ stage: 'tier', tierId: null, idempotencyKey: null });
    expect(useSale.getState().error?.form).toMatch(
      /^The sale from \d\d:\d\d did not go through: there are not enough tickets left now\. Nothing was sold/,
    );
    expect(await till.sold()).toHaveLength(1);
    expect(kept.size).toBe(0);
  });

  it('dropped with New sale in another tab of the till meanwhile: not sent by itself, the seller told, nothing sold', async () => {
    const till = await lostThenClosed('Dropped elsewhere', 10, false);
    useSale.getState().recover();
    const key = useSale.getState().idempotencyKey!;
    // The other tab: the same sale on screen, given up with New sale (the same store stands in for it).
    const other = useSale.getState();
    useSale.getState().newSale();
    useSale.setState(other);
    await useSale.getState().resendUnanswered();
    expect(useSale.getState()).toMatchObject({ stage: 'tier', idempotencyKey: null });
    expect(useSale.getState().error?.form).toMatch(
      /^The sale from \d\d:\d\d was dropped with New sale in another tab of this till, so it is not sent again\./,
    );
    expect(await till.sold()).toHaveLength(0);
    expect(
      wasDropped(globalThis.localStorage, tillScope(served.url, useSession.getState().apiKey!), key),
    ).toBe(true);
    // A till opened afresh finds nothing to put back.
    expect(useSale.getState().recover()).toBeNull();
  });

  it('older than the server keeps answers: not sent again (it could sell twice); the seller is sent to Orders', async () => {
    const till = await lostThenClosed('Two days ago', 10, false, 48 * 3_600_000);
    useSale.getState().recover();
    await useSale.getState().resendUnanswered();
    expect(useSale.getState().error?.form).toContain('too long ago for this till to check');
    expect(useSale.getState().error?.form).toContain('Look for it in Orders');
    expect(await till.sold()).toHaveLength(0);
    expect(kept.size).toBe(0);
  });

  it('the till key revoked meanwhile: kept, and the seller told this key cannot check it and to look in Orders', async () => {
    const till = await unwrap(
      office().POST('/v2/api_keys', { body: { name: 'Till three', scope: 'box_office' } }),
    );
    useSession.getState().signOut();
    expect(await useSession.getState().signIn(till.secret, 'login')).toBe(true);
    const { sold } = await lostThenClosed('Key revoked', 10, false);
    await unwrap(office().DELETE('/v2/api_keys/{id}', { params: { path: { id: till.id } } }));
    useSale.getState().recover();
    await useSale.getState().resendUnanswered();
    expect(useSale.getState().error?.form).toMatch(
      /^A sale from \d\d:\d\d was not confirmed, and the venue server no longer accepts this till's API key, so this till cannot check it\. Look for it in Orders/,
    );
    expect(useSale.getState().stage).toBe('payment');
    expect(kept.size).toBe(1);
    expect(await sold()).toHaveLength(0);
  });

  it('another till key or venue never sees it', async () => {
    await lostThenClosed('Other key', 10, false);
    useSession.getState().setBaseUrl(`${served.url}/`);
    expect(useSale.getState().recover()).not.toBeNull();
    useSale.setState({ idempotencyKey: null });
    useSession.getState().setBaseUrl('http://127.0.0.1:1');
    expect(useSale.getState().recover()).toBeNull();
    expect(kept.size).toBe(1);
  });
});
