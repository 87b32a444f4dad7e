import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutBody } from '../../src/renderer/src/api/types.js';
import { makeClient } from '../../src/renderer/src/api/client.js';
import { unansweredSaleWords } from '../../src/renderer/src/lib/unanswered-sale.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { checkUnansweredWhenReachable } from '../../src/renderer/src/stores/unanswered-sale-watch.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';
import { tillAtPayment } from '../support/till-at-payment.js';

// When the till checks a sale whose answer was lost by itself, with the real server: the moment
// the sale is put down as unanswered can come after a health poll has already found the server.
let served: ServedTestApp;
let stopWatching: () => void = () => undefined;
const office = () => makeClient(served.url, adminSecret);

beforeAll(async () => {
  served = await serveTestApp();
});
afterAll(async () => served.close());
beforeEach(async () => {
  useSession.getState().signOut();
  useSession.getState().setBaseUrl(served.url);
  await useSession.getState().signIn(adminSecret, 'login');
  useSale.setState({ idempotencyKey: null, sentUnanswered: [], submitting: false });
});
afterEach(() => stopWatching());

/** A till at payment for one GA, whose sale under `key` the server recorded, the answer lost on the way. */
async function recordedButUnanswered(title: string, key: string) {
  const till = await tillAtPayment(office, { title, stock: 10, tendered: '30' });
  const cart: CheckoutBody = {
    event_id: till.event.id,
    items: [{ tier_id: till.tier.id, quantity: 1 }],
    payment_method: 'cash',
    channel: 'till',
    expected_total_cents: 2500,
  };
  const recorded = await office().POST('/v2/orders', { body: cart, headers: { 'Idempotency-Key': key } });
  expect(recorded.response.status).toBe(200);
  // As Complete sale leaves the store while its request is out.
  useSale.setState({ idempotencyKey: key, submitting: true, sentAt: Date.now(), sentUnanswered: [] });
  /** As the store is left once the request failed without an answer. */
  const putDownUnanswered = () =>
    useSale.setState({
      submitting: false,
      sentUnanswered: [cart],
      error: { fields: {}, form: unansweredSaleWords },
    });
  return { ...till, putDownUnanswered };
}

describe('a sale whose answer was lost is checked by itself as soon as the server answers', () => {
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
