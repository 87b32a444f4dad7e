import { parseCredential } from '../../src/shared/ticket-token.js';
import { decodeQrPng } from '../support/qr-decode.js';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { holdPageClock } from './support/hold-page-clock.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { KioskPage } from './pages/kiosk-page.js';
import { snap } from './support/screenshots.js';
import type { VenueServer } from './support/venue-server.js';

interface Created {
  id: string;
}
interface Order {
  id: string;
  payment_method: string;
  total_cents: number;
  buyer: { name: string | null; email: string | null } | null;
  tickets: { id: string; tier_id: string; wallet_url: string }[];
}

const attendantPin = '482913';
const accessCode = 'JAZZ24';

/** One published event with a public tier, an access-code tier and an unlisted one; a kiosk key; the attendant PIN. */
async function kioskEvening(server: VenueServer): Promise<{ eventId: string; kioskKey: string }> {
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Late Night Jazz',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [
      { name: 'Standard', price_cents: 2500, quantity: 50, max_per_order: 4 },
      {
        name: 'Members presale',
        price_cents: 1500,
        quantity: 20,
        visibility: 'access_code',
        access_code: accessCode,
      },
      { name: 'Press', price_cents: 0, quantity: 10, visibility: 'unlisted' },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: attendantPin });
  // A browser kiosk signs in with a kiosk key: card sales and its own orders, nothing else.
  const key = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Lobby kiosk',
    scope: 'kiosk',
  });
  return { eventId: event.id, kioskKey: key.secret };
}

test('a kiosk purchase: server-checked access code, quantity cap, attendant PIN, declined then approved card, QR codes', async ({
  page,
  server,
}) => {
  // Every answer the kiosk's browser receives, to prove no access code ever reaches it.
  const answers: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/v2/'))
      answers.push(
        res.text().then(
          (body) => ({ url: res.url(), body }),
          () => ({ url: res.url(), body: '' }),
        ),
      );
  });
  const { eventId, kioskKey } = await kioskEvening(server);
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(kioskKey);

  await test.step('only public tiers; a wrong code unlocks nothing; the right one, checked by the server, unlocks its tier', async () => {
    await expect(kiosk.tier('Standard')).toContainText('$25.00');
    await expect(kiosk.tier('Standard')).toContainText('50 left');
    await expect(kiosk.tier('Members presale')).toHaveCount(0);
    await expect(kiosk.tier('Press')).toHaveCount(0);
    const wrong = page.waitForResponse((res) => res.url().includes('/offer?access_code=WRONG'));
    await kiosk.applyCode('WRONG');
    expect((await wrong).status()).toBe(400);
    await expect(page.getByText('That code does not unlock any tickets for this event.')).toBeVisible();
    // The field is read with its refusal.
    await expect(page.getByLabel('Access code')).toHaveAccessibleDescription(
      'That code does not unlock any tickets for this event.',
    );
    await expect(kiosk.tier('Members presale')).toHaveCount(0);
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByLabel('Access code').press('Enter');
    await expect(kiosk.tier('Members presale')).toContainText('unlocked with your code');
    // The code's form went away: the keyboard is on the tier it opened, not on the page's body.
    await expect(kiosk.tier('Members presale')).toBeFocused();
    await expect(kiosk.tier('Press')).toHaveCount(0);
    await snap(page, 'kiosk');
    keepScreenshot('kiosk');
  });

  await test.step('quantity stops at max_per_order', async () => {
    await kiosk.tier('Standard').click();
    await kiosk.more(3);
    await expect(kiosk.quantity()).toHaveText('4');
    await expect(page.getByRole('button', { name: 'One more' })).toBeDisabled();
    await expect(kiosk.total()).toHaveText('$100.00');
    await kiosk.continue();
  });

  await test.step('a card payment needs an email; a declined card records nothing', async () => {
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByText('Enter your email')).toBeVisible();
    await kiosk.enterEmail('lena@example.com', 'Lena Park');
    await kiosk.payByCard();
    await expect(page.getByTestId('kiosk-amount')).toHaveText('$100.00');
    await snap(page, 'kiosk-payment');
    await kiosk.attendantDeclines();
    await expect(page.getByText('The card was declined. Nothing was charged.')).toBeVisible();
    const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
    expect(orders.data).toHaveLength(0);
  });

  await test.step('the customer cannot approve a card alone: Approved needs the attendant PIN', async () => {
    await kiosk.payByCard();
    const approve = kiosk.attendant().getByRole('button', { name: 'Approved' });
    await expect(approve).toBeDisabled();
    const check = page.waitForResponse((res) => res.url().endsWith('/v2/kiosk/attendant_check'));
    await kiosk.attendantApproves('111111');
    expect((await check).status()).toBe(400);
    await expect(kiosk.attendant().getByRole('alert')).toHaveText('That is not the attendant PIN.');
    await expect(page.getByTestId('kiosk-amount')).toHaveText('$100.00');
    await expect(approve).toBeDisabled();
    const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
    expect(orders.data).toHaveLength(0);
  });

  let order: Order | null = null;
  await test.step('approved with the PIN: the order is recorded as a card sale and the tickets show as QR codes', async () => {
    await kiosk.attendantApproves(attendantPin);
    await expect(page.getByRole('heading', { name: 'Enjoy the show!' })).toBeVisible();
    await expect(kiosk.doorQrs()).toHaveCount(4);
    await expect(kiosk.walletQrs()).toHaveCount(4);
    await expect(page.getByTestId('kiosk-mail')).toHaveText(
      'We are emailing your tickets to lena@example.com.',
    );
    const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
    expect(orders.data).toHaveLength(1);
    order = orders.data[0]!;
    expect(order.payment_method).toBe('card');
    expect(order.total_cents).toBe(10_000);
    expect(order.buyer).toEqual({ name: 'Lena Park', email: 'lena@example.com' });

    // The email given before paying is where the checkout queued the order's mail.
    const mail = await server.api<{ data: { to: string; status: string }[] }>(
      'GET',
      `/v2/orders/${order.id}/mail`,
    );
    expect(mail.data.map((m) => [m.to, m.status])).toEqual([['lena@example.com', 'pending']]);

    // What a door camera and a phone would read off the screen: the receipt carries each ticket's
    // paper pass (a photo of it admits tonight), not a 5-minute code.
    const doorSrc = (await kiosk.doorQrs().first().getAttribute('src')) ?? '';
    const pass = parseCredential(
      decodeQrPng(Buffer.from(doorSrc.replace(/^data:image\/png;base64,/, ''), 'base64')),
    );
    expect(pass?.credential).toBe('paper');
    expect(order.tickets.map((t) => t.id)).toContain(pass?.claims.sub);
    const walletSrc = (await kiosk.walletQrs().first().getAttribute('src')) ?? '';
    const wallet = decodeQrPng(Buffer.from(walletSrc.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(order.tickets.map((t) => t.wallet_url)).toContain(wallet);
    // The wallet is a code to photograph, never a link that would open a tab the next customer finds.
    await expect(page.locator('.kiosk-done a')).toHaveCount(0);
    await snap(page, 'kiosk-done');
    keepScreenshot('kiosk-done');
  });

  await test.step('stock went down by the four sold', async () => {
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(kiosk.tier('Standard')).toContainText('46 left');
  });

  await test.step('typed into the address bar, a staff screen sends the kiosk back to itself', async () => {
    // A kiosk key cannot read orders anyway (403); the screen does not even try.
    await page.goto(`${server.url}/orders`);
    await expect(page).toHaveURL(/\/kiosk$/);
    await expect(kiosk.tier('Standard')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
  });

  await test.step('no answer the browser received carried an access code', async () => {
    const received = await Promise.all(answers);
    expect(received.some((a) => a.url.includes('/offer'))).toBe(true);
    for (const { url, body } of received) {
      expect(body, url).not.toContain(accessCode);
      expect(body, url).not.toMatch(/"access_code":"/);
    }
  });
});

test('a staff key is refused at /kiosk; a kiosk pairing code signs it in; after 60 s without a touch it starts over', async ({
  page,
  server,
}) => {
  const boxOffice = await staffKeyTypedIntoKiosk(page, server);
  // A customer's screen holding a staff key offers no way into the box office…
  await expect(page.getByRole('link', { name: 'Back to the box office' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out to sign in as a kiosk' }).click();
  await expect(page.getByLabel('Kiosk key or pairing code')).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(boxOffice.secret);

  const pairing = await server.api<{ pairing_token: string; qr: string }>('POST', '/v2/devices/pairing', {
    scope: 'kiosk',
  });
  // The page's clock is Playwright's, so a minute passes in an instant.
  await page.clock.install();
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(pairing.qr);
  const devices = await server.api<{ data: { name: string; scope: string }[] }>('GET', '/v2/devices');
  expect(devices.data).toEqual([expect.objectContaining({ name: 'Kiosk', scope: 'kiosk' })]);

  await kiosk.tier('Standard').click();
  // Held from here, so the countdown below is to the second whatever the machine's speed: running,
  // the real time between the last touch and the jumps came off the seconds shown (1 s to spare).
  await holdPageClock(page);
  await kiosk.more(2);
  await expect(kiosk.quantity()).toHaveText('3');

  await page.clock.fastForward(45_000);
  await expect(page.getByTestId('kiosk-idle')).toHaveCount(0);
  await page.clock.fastForward(7_000);
  await expect(page.getByTestId('kiosk-idle')).toContainText('Starting over in 8 s');
  // A screen reader hears the warning once, keys included; the ticking number is for the eye.
  const said =
    'Still there? This starts over in 8 seconds. Touch the screen or press a key to keep your place.';
  await expect(page.getByRole('alert')).toHaveText(said);
  await page.clock.fastForward(2_000);
  await expect(page.getByTestId('kiosk-idle')).toContainText('Starting over in 6 s');
  await expect(page.getByRole('alert')).toHaveText(said);
  // A touch keeps the customer's place.
  await page.getByRole('heading', { name: 'How many?' }).click();
  // The held clock on to the idle check's next tick (every 250 ms, use-idle-reset.ts).
  await page.clock.runFor(250);
  await expect(page.getByTestId('kiosk-idle')).toHaveCount(0);
  await expect(kiosk.quantity()).toHaveText('3');

  await page.clock.fastForward(52_000);
  await expect(page.getByTestId('kiosk-idle')).toBeVisible();
  await snap(page, 'kiosk-idle');
  await page.clock.fastForward(9_000);
  await expect(page.getByRole('heading', { name: 'Choose your tickets' })).toBeVisible();
  await expect(kiosk.quantity()).toHaveCount(0);
});

test('a staff key typed into the kiosk and left there is dropped after a minute without a touch', async ({
  page,
  server,
}) => {
  await page.clock.install();
  const boxOffice = await staffKeyTypedIntoKiosk(page, server);
  await page.clock.fastForward(30_000);
  await expect(page.getByRole('heading', { name: 'The kiosk needs a kiosk key' })).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByLabel('Kiosk key or pairing code')).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(boxOffice.secret);
  // Whatever address is typed now, the box office asks for a key again (asked first: the nav of
  // a key still held would come only once the server had checked it).
  await page.goto(`${server.url}/sell`);
  await expect(page.getByRole('heading', { level: 1, name: 'Box office sign-in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
});

/**
 * A customer at a browser kiosk finds a staff key someone typed into its sign-in and types another
 * address: within the minute before the key was dropped, `/sell` opened the box office with it.
 */
test('a staff key typed into the kiosk opens no staff screen, whatever address is typed next', async ({
  page,
  server,
}) => {
  const boxOffice = await staffKeyTypedIntoKiosk(page, server);
  // Not kept in the tab: a typed address (or a reload) loads the page afresh without it.
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(boxOffice.secret);
  // A move to a staff address within the page (history, no page load) comes back to the kiosk.
  await page.evaluate("history.pushState(null, '', '/sell'); dispatchEvent(new PopStateEvent('popstate'))");
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole('heading', { name: 'The kiosk needs a kiosk key' })).toBeVisible();
  for (const address of ['/sell', '/orders', '/kiosk']) {
    await page.goto(`${server.url}${address}`);
    await expect(page.getByRole('heading', { level: 1, name: /sign-in$/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'The kiosk needs a kiosk key' })).toHaveCount(0);
  }
});

/** A box-office key typed into the kiosk's sign-in, which answers "The kiosk needs a kiosk key". */
async function staffKeyTypedIntoKiosk(page: Page, server: VenueServer): Promise<{ secret: string }> {
  await kioskEvening(server);
  const boxOffice = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till',
    scope: 'box_office',
  });
  await page.goto(`${server.url}/kiosk`);
  await page.getByLabel('Kiosk key or pairing code').fill(boxOffice.secret);
  await page.getByLabel('Kiosk key or pairing code').press('Enter');
  await expect(page.getByRole('heading', { name: 'The kiosk needs a kiosk key' })).toBeVisible();
  return boxOffice;
}
