import { expect, test } from './fixtures.js';
import { KioskPage } from './pages/kiosk-page.js';
import type { Page } from '@playwright/test';
import type { VenueServer } from './support/venue-server.js';
import { holdPageClock } from './support/hold-page-clock.js';
import { holdRequestsTo } from './support/hold-requests.js';

interface Created {
  id: string;
}
interface Order {
  id: string;
  buyer: { name: string | null; email: string | null } | null;
}

const attendantPin = '482913';
const notReady = "Card payment isn't set up at this kiosk yet. Please buy your tickets at the box office.";

/**
 * A published event with an open tier and a sold-out one; the attendant PIN (unless `pin` is
 * false: a venue that has not set one yet); a kiosk key.
 */
async function lobby(
  server: VenueServer,
  { pin = true } = {},
): Promise<{ eventId: string; kioskKey: string }> {
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Late Night Jazz',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [
      { name: 'Standard', price_cents: 2500, quantity: 50, max_per_order: 4 },
      { name: 'Front row', price_cents: 6000, quantity: 1 },
      { name: 'Members', price_cents: 1500, quantity: 20, visibility: 'access_code', access_code: 'JAZZ24' },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  if (pin) await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: attendantPin });
  const tiers = await server.api<{ data: (Created & { name: string })[] }>(
    'GET',
    `/v2/events/${event.id}/tiers`,
  );
  const frontRow = tiers.data.find((t) => t.name === 'Front row');
  await server.api('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: frontRow?.id, quantity: 1 }],
    buyer: { name: 'Early Bird', email: 'early@example.com' },
    payment_method: 'card',
  });
  const key = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Lobby kiosk',
    scope: 'kiosk',
  });
  return { eventId: event.id, kioskKey: key.secret };
}

/**
 * The lobby, and its kiosk opened on the first screen. `clock` installs the page's clock first,
 * for a test that holds it (support/hold-page-clock.ts).
 */
async function openLobbyKiosk(page: Page, server: VenueServer, { pin = true, clock = false } = {}) {
  const { eventId, kioskKey } = await lobby(server, { pin });
  if (clock) await page.clock.install();
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(kioskKey);
  return { eventId, kiosk };
}

/**
 * Shows no payment was started before this press of Pay by card (`press`), however late an
 * earlier tap's re-read of the prices came back: with the email cleared, the press is answered
 * by asking for it only while no payment is under way (kiosk-store pay() runs one at a time),
 * and a payment that started would have taken the form away. The email is then put back.
 */
async function expectNoPaymentStarted(page: Page, kiosk: KioskPage, press: () => Promise<void>) {
  const email = page.getByLabel('Email (we send your tickets here)');
  const typed = await email.inputValue();
  await email.fill('');
  await press();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Enter your email: the card payment needs it for the receipt.',
  );
  await expect(kiosk.attendant()).toHaveCount(0);
  await email.fill(typed);
}

/**
 * A customer poking the kiosk where QA found it taking a card for a sale the server then refused
 * (a pasted 500-character name, an address with an accent), starting a card payment with the
 * server gone, and leaving selling for the door's pairing screen.
 */
test('the kiosk refuses before charging what the server would refuse, takes no card offline, and stays a kiosk', async ({
  page,
  server,
}) => {
  const { eventId, kiosk } = await openLobbyKiosk(page, server);
  const ordersNow = async () =>
    (await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`)).data;
  const attendantPanel = kiosk.attendant();

  await test.step('a sold-out tier says so and cannot be chosen', async () => {
    await expect(kiosk.tier('Front row')).toContainText('Sold out');
    await expect(kiosk.tier('Front row')).toBeDisabled();
  });

  await test.step('a pasted 70-character access code unlocks nothing, said in words', async () => {
    await kiosk.applyCode('X'.repeat(70));
    await expect(page.getByRole('alert')).toHaveText('That code does not unlock any tickets for this event.');
    await expect(kiosk.tier('Members')).toHaveCount(0);
  });

  await kiosk.tier('Standard').click();
  await kiosk.continue();

  await test.step('a pasted 500-character name is refused in words, and no payment starts', async () => {
    await kiosk.enterEmail('lena@example.com', 'A'.repeat(500));
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please shorten your name to 200 characters or fewer.');
    await expect(page.getByLabel('Name (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(attendantPanel).toHaveCount(0);
  });

  await test.step('an address the server would refuse is refused here, before the card', async () => {
    await kiosk.enterEmail('zoë@example..com', '🎷 Zoë مرحبا');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That does not look like an email address. Please check it, like ada@example.com.',
    );
    await expect(attendantPanel).toHaveCount(0);
  });

  await test.step('with the server gone, Pay by card takes no card and says why', async () => {
    await kiosk.enterEmail('zoe@example.com');
    await server.halt();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    // The header's "Not connected" banner may show too; the step's own note is in the main area.
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'We cannot reach the box office right now, so nothing was charged. Please try again in a moment.',
    );
    await expect(attendantPanel).toHaveCount(0);
    await server.resume();
  });

  await test.step('back online, the same customer pays once and gets one order', async () => {
    await kiosk.payByCard();
    await kiosk.attendantApproves(attendantPin);
    await expect(page.getByRole('heading', { name: 'Enjoy the show!' })).toBeVisible();
    const kioskOrders = (await ordersNow()).filter((o) => o.buyer?.email === 'zoe@example.com');
    expect(kioskOrders.map((o) => o.buyer)).toEqual([{ name: '🎷 Zoë مرحبا', email: 'zoe@example.com' }]);
    await page.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('the last seats sold while the card was taken: only the attendant clears the screen', async () => {
    const tiers = await server.api<{ data: (Created & { name: string; sold: number })[] }>(
      'GET',
      `/v2/events/${eventId}/tiers`,
    );
    const standard = tiers.data.find((t) => t.name === 'Standard')!;
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('ivy@example.com');
    await kiosk.payByCard();
    // Another till sells what is left while the attendant runs the card.
    await server.api('PATCH', `/v2/tiers/${standard.id}`, { quantity: standard.sold });
    await kiosk.attendantApproves(attendantPin);
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toBeVisible();
    // A reload (F5, a restarted kiosk browser) comes back here: it clears nothing without the PIN.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toBeVisible();
    await expect(kiosk.attendant()).toContainText('Refund $25.00 on the card terminal, then start over.');
    const startOver = page.getByRole('button', { name: 'Refunded: start over' });
    await expect(startOver).toBeDisabled();
    await kiosk.attendant().getByLabel('Attendant PIN').fill('0000');
    await startOver.click();
    await expect(kiosk.attendant().getByRole('alert')).toHaveText('That is not the attendant PIN.');
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toBeVisible();
    await kiosk.attendant().getByLabel('Attendant PIN').fill(attendantPin);
    await startOver.click();
    await expect(kiosk.tier('Standard')).toBeVisible();
    await server.api('PATCH', `/v2/tiers/${standard.id}`, { quantity: 50 });
    // The start screen loaded the offer before that: the tile comes back with the kiosk's next
    // refresh of what is on sale (every 15 s), as it would for a customer.
    await expect(kiosk.tier('Standard')).toBeEnabled({ timeout: 25_000 });
  });

  await test.step('a charge whose answer was lost survives a reload, and Try again records it once', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('noor@example.com');
    await kiosk.payByCard();
    // The order reaches the server, but its answer never reaches the kiosk (Wi-Fi gone mid-answer).
    await page.route('**/v2/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await kiosk.attendantApproves(attendantPin);
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toBeVisible({
      timeout: 10_000,
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toBeVisible();
    await page.unroute('**/v2/orders');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Enjoy the show!' })).toBeVisible();
    // The same attempt's key each time: one order, however often it was sent.
    expect((await ordersNow()).filter((o) => o.buyer?.email === 'noor@example.com')).toHaveLength(1);
    await page.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('a double tap on Continue shows the details to review, and starts no payment', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('dora@example.com');
    await page.getByRole('button', { name: 'Back' }).click();
    // Pay by card sits where Continue was: without the hold, the second tap pressed it.
    await page.getByRole('button', { name: 'Continue' }).dblclick();
    // Still on the details once Pay by card takes taps, and the next press is the first payment.
    const pay = page.getByRole('button', { name: 'Pay by card' });
    await expect(pay).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expectNoPaymentStarted(page, kiosk, () => pay.click());
    expect((await ordersNow()).filter((o) => o.buyer?.email === 'dora@example.com')).toEqual([]);
  });

  await test.step('a double tap on Back goes back one step, keeping how many', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await kiosk.more(1);
    await kiosk.continue();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    // The Back of "How many?" sits where this one is: without its hold, the second tap pressed it.
    await page.getByRole('button', { name: 'Back' }).dblclick();
    await expect(page.getByRole('heading', { name: 'How many?' })).toBeVisible();
    await expect(kiosk.quantity()).toHaveText('2');
  });

  await test.step('the door’s address typed into the kiosk tab sends it back to selling', async () => {
    await page.goto(`${server.url}/door`);
    await expect(page).toHaveURL(/\/kiosk$/);
    await expect(kiosk.tier('Standard')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pair this door' })).toHaveCount(0);
  });
});

test('the double-tap hold stops taps only: a fast Tab reaches Continue and Pay by card, and Enter presses them', async ({
  page,
  server,
}) => {
  // The page's clock runs, then is held, so every step below happens within its half-second hold.
  const { kiosk } = await openLobbyKiosk(page, server, { clock: true });
  await expect(kiosk.tier('Standard')).toBeEnabled();
  await holdPageClock(page);
  await kiosk.tier('Standard').click();
  await expect(page.getByRole('heading', { name: 'How many?' })).toBeFocused();

  /** Tabs on from the step's heading until `name` has the keyboard (a disabled button is skipped). */
  const tabTo = async (name: string) => {
    const target = page.getByRole('button', { name, exact: true });
    for (let i = 0; i < 6 && !(await target.evaluate((el) => el === el.ownerDocument.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  };
  await tabTo('Continue');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email (we send your tickets here)')).toBeFocused();
  await page.keyboard.type('keys@example.com');
  // A tap on Pay by card is still held (forced: a finger does not wait for it to take taps)…
  const pay = page.getByRole('button', { name: 'Pay by card' });
  await pay.click({ force: true });
  // …the keyboard's press is not: it is answered, so the tap before it started nothing.
  const pressWithKeyboard = async () => {
    await tabTo('Pay by card');
    await page.keyboard.press('Enter');
  };
  await expectNoPaymentStarted(page, kiosk, pressWithKeyboard);
  await pressWithKeyboard();
  await expect(kiosk.attendant()).toBeVisible();
});

test('a double tap on Pay by card starts one payment, and its Cancel still cancels', async ({
  page,
  server,
}) => {
  const { eventId, kiosk } = await openLobbyKiosk(page, server);
  await kiosk.tier('Standard').click();
  await kiosk.continue();
  await kiosk.enterEmail('twice@example.com');
  const pay = page.getByRole('button', { name: 'Pay by card' });
  // Past the step's half-second hold, so both taps count, as a customer's would.
  await expect(pay).not.toHaveAttribute('aria-disabled', 'true');
  await pay.dblclick();
  await expect(kiosk.attendant()).toBeVisible();

  // The second tap's payment replaced the first, whose end dropped the Cancel: it did nothing and
  // the customer was left on "Pay by card", which never starts over on its own.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByText('Payment cancelled. Nothing was charged.')).toBeVisible();
  await expect(kiosk.attendant()).toHaveCount(0);
  const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
  expect(orders.data.filter((order) => order.buyer?.email === 'twice@example.com')).toEqual([]);
});

/**
 * A customer pressing F5 (or the kiosk browser restarting) while the attendant runs the card: the
 * kiosk came back on its first screen, so a card the terminal charged meanwhile was left to
 * nobody, and the next customer walked up to a clean screen.
 */
test('reloaded while the card is being paid: the attendant is called, never Try again, and a declined card is forgotten', async ({
  page,
  server,
}) => {
  const { eventId, kiosk } = await openLobbyKiosk(page, server);
  const ordersFor = async (email: string) =>
    (await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`)).data.filter(
      (order) => order.buyer?.email === email,
    );

  await test.step('F5 on the attendant panel stops on “Please call the attendant”', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.more(1);
    await kiosk.continue();
    await kiosk.enterEmail('reload@example.com');
    await kiosk.payByCard();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toBeVisible();
    await expect(page.locator('.kiosk-paying .kiosk-note')).toHaveText(
      'This screen was reloaded while the card was being paid, so it cannot tell whether the card was charged. No tickets were issued.',
    );
    await expect(kiosk.attendant()).toContainText(
      'If the card terminal took $50.00, refund it there; then start over.',
    );
    // No approval was seen: tickets are issued only through Approved, which takes the PIN.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(await ordersFor('reload@example.com')).toEqual([]);
  });

  await test.step('only the attendant’s PIN clears it, and then for good', async () => {
    await kiosk.attendant().getByLabel('Attendant PIN').fill(attendantPin);
    await page.getByRole('button', { name: 'Refunded: start over' }).click();
    await expect(kiosk.tier('Standard')).toBeVisible();
    await page.reload();
    await expect(kiosk.tier('Standard')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toHaveCount(0);
  });

  await test.step('a declined card took nothing: a reload after it is a fresh kiosk', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('declined@example.com');
    await kiosk.payByCard();
    await kiosk.attendantDeclines();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await page.reload();
    await expect(kiosk.tier('Standard')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Please call the attendant' })).toHaveCount(0);
    expect(await ordersFor('declined@example.com')).toEqual([]);
  });
});

test('Start over pressed while Pay by card reads the prices again wins: no payment starts', async ({
  page,
  server,
}) => {
  const { eventId, kioskKey } = await lobby(server);
  // A second show on sale, so the kiosk's start is the event chooser, which reads no offer.
  const other = await server.api<Created>('POST', '/v2/events', {
    title: 'Matinee Quartet',
    venue: 'Main hall',
    doors_at: '2026-12-24T14:00:00Z',
    tickets: [{ name: 'Seat', price_cents: 1800, quantity: 40 }],
  });
  await server.api('POST', `/v2/events/${other.id}/publish`);
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(kioskKey);
  const chooser = page.getByRole('heading', { name: 'Choose your event' });
  await page.locator(`button.kiosk-card[data-event="${eventId}"]`).click();
  await kiosk.tier('Standard').click();
  await kiosk.continue();
  await kiosk.enterEmail('leaving@example.com');
  const pay = page.getByRole('button', { name: 'Pay by card' });
  await expect(pay).not.toHaveAttribute('aria-disabled', 'true');

  // The prices' re-read is held in the browser until the customer has pressed Start over.
  const offers = await holdRequestsTo(page, '**/v2/events/*/offer*');
  const reread = page.waitForRequest((request) => request.url().includes('/offer'));
  await pay.click();
  await reread;
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(chooser).toBeVisible();
  const answered = page.waitForResponse((response) => response.url().includes('/offer'));
  await offers.release();
  await answered;

  // The re-read's answer used to start the payment anyway: the next customer found "Pay by card"
  // with the attendant panel, for the last customer's tickets and email. Paying never leaves on
  // its own, so the walk below would not get past it.
  await page.locator(`button.kiosk-card[data-event="${eventId}"]`).click();
  await expect(kiosk.tier('Standard')).toBeEnabled();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await kiosk.tier('Standard').click();
  await expect(page.getByRole('heading', { name: 'How many?' })).toBeVisible();
  await kiosk.continue();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByLabel('Email (we send your tickets here)')).toHaveValue('');
  await expect(kiosk.attendant()).toHaveCount(0);
});

test('the browser’s Back keeps the customer on the kiosk, back at its first screen, and never undoes a payment', async ({
  page,
  server,
}) => {
  // A fresh tab: the entry before the kiosk is about:blank, where Back (Alt+Left) used to leave it.
  const { kiosk } = await openLobbyKiosk(page, server);
  const firstScreen = page.getByRole('heading', { name: 'Choose your tickets' });

  for (const round of ['first', 'again, after the next touch']) {
    await test.step(`Back from "How many?" goes to the kiosk's first screen (${round})`, async () => {
      await kiosk.tier('Standard').click();
      await expect(page.getByRole('heading', { name: 'How many?' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/kiosk$/);
      await expect(firstScreen).toBeVisible();
      await expect(page.getByRole('heading', { name: 'How many?' })).toHaveCount(0);
    });
  }

  await test.step('while the card is being paid, Back changes nothing', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('back@example.com');
    await kiosk.payByCard();
    await page.goBack();
    await expect(page).toHaveURL(/\/kiosk$/);
    await expect(kiosk.attendant()).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment cancelled. Nothing was charged.')).toBeVisible();
  });
});

test('a kiosk with no attendant PIN set offers no card payment, and one removed mid-payment is said in words', async ({
  page,
  server,
}) => {
  const { kiosk } = await openLobbyKiosk(page, server, { pin: false });
  const pay = page.getByRole('button', { name: 'Pay by card' });

  await test.step('no PIN: the customer is told before choosing, and no Pay by card is offered', async () => {
    await expect(page.getByText(notReady)).toBeVisible();
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('nopin@example.com');
    // It offered Pay by card, and the attendant learnt of the missing PIN after running the card.
    await expect(page.getByRole('status').filter({ hasText: notReady })).toBeVisible();
    await expect(pay).toHaveCount(0);
  });

  await test.step('the PIN removed while the card is run: the attendant reads what to do, not the API call', async () => {
    await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: attendantPin });
    await page.getByRole('button', { name: 'Start over' }).click();
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await kiosk.enterEmail('nopin@example.com');
    await kiosk.payByCard();
    await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: null });
    await kiosk.attendantApproves('1234');
    // Read on a public screen after the card was run: it said "(PATCH /v2/settings kiosk_attendant_pin)".
    await expect(kiosk.attendant().getByRole('alert')).toHaveText(
      'No attendant PIN has been set, so this kiosk cannot confirm card payments yet. If the card was ' +
        'charged, refund it on the card reader, then press Declined. A manager sets the PIN in Settings › Kiosks.',
    );
    await kiosk.attendantDeclines();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  });

  await test.step('trying again with the PIN still gone starts no payment and says why', async () => {
    await pay.click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(notReady);
    await expect(kiosk.attendant()).toHaveCount(0);
    await expect(pay).toHaveCount(0);
  });
});

test('a PIN set or removed meanwhile is known as the next customer starts, and on the details step reached again', async ({
  page,
  server,
}) => {
  const { kiosk } = await openLobbyKiosk(page, server, { pin: false, clock: true });
  const pay = page.getByRole('button', { name: 'Pay by card' });
  const details = page.getByRole('heading', { name: 'Your details' });
  await expect(kiosk.tier('Standard')).toBeEnabled();
  await expect(page.getByText(notReady)).toBeVisible();
  // Held: the screen's 15-second refresh cannot fire, so only a customer's own press reads again.
  // Each step below runs the clock on past its half-second tap hold, far short of 15 s.
  await holdPageClock(page);
  const settle = () => page.clock.runFor(600);

  await test.step('the manager sets the PIN: the next customer is offered Pay by card at once', async () => {
    await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: attendantPin });
    await kiosk.tier('Standard').click();
    await settle();
    await kiosk.continue();
    await kiosk.enterEmail('fresh@example.com');
    await expect(pay).toBeVisible();
    await expect(page.getByText(notReady)).toHaveCount(0);
  });

  await test.step('removed, then set again: Back and Continue read it again each time', async () => {
    await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: null });
    await page.getByRole('button', { name: 'Back' }).click();
    await settle();
    await kiosk.continue();
    await expect(page.getByRole('status').filter({ hasText: notReady })).toBeVisible();
    await expect(pay).toHaveCount(0);
    await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: attendantPin });
    await page.getByRole('button', { name: 'Back' }).click();
    await settle();
    await kiosk.continue();
    await expect(details).toBeVisible();
    await expect(pay).toBeVisible();
    await expect(page.getByText(notReady)).toHaveCount(0);
  });
});

/**
 * Three tickets left of a tier sold four at a time: the kiosk said "At most 3 in one purchase.",
 * a house rule to a customer (come back and buy more), where the till says what is left.
 */
test('with fewer left than one purchase may take, the kiosk says how many are left', async ({
  page,
  server,
}) => {
  const { eventId, kiosk } = await openLobbyKiosk(page, server);
  const tiers = await server.api<{ data: (Created & { name: string })[] }>(
    'GET',
    `/v2/events/${eventId}/tiers`,
  );
  const standard = tiers.data.find((t) => t.name === 'Standard')!;
  // Sold at the box office while the kiosk waited: 47 of the 50, four at most per order.
  for (const quantity of [...Array<number>(11).fill(4), 3]) {
    await server.api('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: standard.id, quantity }],
      buyer: { name: 'Box Office Buyer', email: 'buyer@example.com' },
      payment_method: 'card',
    });
  }
  await kiosk.tier('Standard').click();
  const hint = page.locator('.kiosk-hint');
  await expect(hint).toHaveText('Only 3 left.');
  await kiosk.more(2);
  await expect(kiosk.quantity()).toHaveText('3');
  await expect(page.getByRole('button', { name: 'One more' })).toBeDisabled();
  await expect(hint).toHaveText('Only 3 left.');
});

/**
 * A customer who walks away leaves the next one the kiosk's first screen, whatever they left on
 * it. The access code box opened and left empty stayed open: with one event on sale its tickets
 * are the first screen, where the idle reset counted nothing but a chosen event or a code.
 */
test('a minute without a touch brings back the clean first screen, whatever the last customer left open', async ({
  page,
  server,
}) => {
  const { kiosk } = await openLobbyKiosk(page, server, { clock: true });
  const codeButton = page.getByRole('button', { name: 'I have an access code' });
  const codeField = page.getByLabel('Access code');
  const email = page.getByLabel('Email (we send your tickets here)');
  const name = page.getByLabel('Name (optional)');
  // The page's clock is Playwright's: the minute passes at once.
  const walkAway = () => page.clock.fastForward(61_000);
  /** The first screen as a customer finds it who never touched the kiosk. */
  const expectFirstScreen = async () => {
    await expect(page.getByRole('heading', { name: 'Choose your tickets' })).toBeVisible();
    await expect(kiosk.tier('Standard')).toBeVisible();
    await expect(codeButton).toBeVisible();
    await expect(codeField).toHaveCount(0);
    await expect(kiosk.tier('Members')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  };
  await expectFirstScreen();

  await test.step('the access code box opened, nothing typed', async () => {
    await codeButton.click();
    await expect(codeField).toBeFocused();
    await walkAway();
    await expectFirstScreen();
  });

  await test.step('a code typed, then erased', async () => {
    await codeButton.click();
    await codeField.fill('JAZ');
    await codeField.fill('');
    await walkAway();
    await expectFirstScreen();
  });

  await test.step('a wrong code refused, still in the box', async () => {
    await codeButton.click();
    await codeField.fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code does not unlock any tickets for this event.');
    await walkAway();
    await expectFirstScreen();
  });

  await test.step('a code that unlocked Members', async () => {
    await kiosk.applyCode('JAZZ24');
    await expect(kiosk.tier('Members')).toBeVisible();
    await walkAway();
    await expectFirstScreen();
  });

  await test.step('three tickets on "How many?"', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.more(2);
    await expect(kiosk.quantity()).toHaveText('3');
    await walkAway();
    await expectFirstScreen();
    await kiosk.tier('Standard').click();
    await expect(kiosk.quantity()).toHaveText('1');
    await page.getByRole('button', { name: 'Start over' }).click();
    await expectFirstScreen();
  });

  await test.step('the details half filled in', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await name.fill('Left Behind');
    await email.fill('left@exa');
    await walkAway();
    await expectFirstScreen();
    await kiosk.tier('Standard').click();
    await kiosk.continue();
    await expect(email).toHaveValue('');
    await expect(name).toHaveValue('');
  });
});

/**
 * A mischievous or hurried customer types a presale code, presses Apply and leaves (Start over,
 * or the minute runs out) before the server has answered. The answer used to apply their code to
 * the next customer's first screen: "Access code applied", and the code's tiers on the next read.
 */
test('a code still being checked when the customer starts over is never applied for the next one', async ({
  page,
  server,
}) => {
  const { kiosk } = await openLobbyKiosk(page, server);
  const codeButton = page.getByRole('button', { name: 'I have an access code' });
  const startOver = page.getByRole('button', { name: 'Start over' });

  for (const code of ['JAZZ24', 'WRONG1']) {
    await test.step(`${code}: Apply, then Start over before the answer`, async () => {
      const offers = await holdRequestsTo(page, '**/v2/events/*/offer?access_code=*');
      const checked = page.waitForRequest((request) => request.url().includes('access_code='));
      await kiosk.applyCode(code);
      await checked;
      await expect(page.getByRole('button', { name: 'Checking…' })).toBeVisible();
      await startOver.click();
      await expect(codeButton).toBeVisible();
      const answered = page.waitForResponse((response) => response.url().includes('access_code='));
      await offers.release();
      await answered;

      // The next customer's first read of a tier's prices carries no code, and nothing says one
      // is applied or refused.
      const reread = page.waitForRequest((request) => request.url().includes('/offer'));
      await kiosk.tier('Standard').click();
      expect((await reread).url()).not.toContain('access_code');
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(kiosk.tier('Standard')).toBeVisible();
      await expect(codeButton).toBeVisible();
      await expect(page.getByText('Access code applied.')).toHaveCount(0);
      await expect(kiosk.tier('Members')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(startOver).toHaveCount(0);
    });
  }
});
