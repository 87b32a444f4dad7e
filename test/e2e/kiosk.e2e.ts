import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTicketToken } from '../../src/shared/ticket-token.js';
import { decodeQrPng } from '../support/qr-decode.js';
import { expect, test } from './fixtures.js';
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

const docsShots = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));
const shotsDir = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

function keepScreenshot(name: string): void {
  mkdirSync(docsShots, { recursive: true });
  copyFileSync(join(shotsDir, `${name}.png`), join(docsShots, `${name}.png`));
}

/** One published event with a public tier, an access-code tier and an unlisted one. */
async function kioskEvening(server: VenueServer): Promise<{ eventId: string; boxOfficeKey: string }> {
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
        access_code: 'JAZZ24',
      },
      { name: 'Press', price_cents: 0, quantity: 10, visibility: 'unlisted' },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  // A browser kiosk signs in like a till, with a box_office key (never the admin key).
  const key = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Lobby kiosk',
    scope: 'box_office',
  });
  return { eventId: event.id, boxOfficeKey: key.secret };
}

test('a kiosk purchase: public tiers, an access code, quantity cap, a declined then approved card, QR codes', async ({
  page,
  server,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const { eventId, boxOfficeKey } = await kioskEvening(server);
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(boxOfficeKey);

  await test.step('only public tiers until a valid access code is entered', async () => {
    await expect(kiosk.tier('Standard')).toContainText('$25.00');
    await expect(kiosk.tier('Standard')).toContainText('50 left');
    await expect(kiosk.tier('Members presale')).toHaveCount(0);
    await expect(kiosk.tier('Press')).toHaveCount(0);
    await kiosk.applyCode('WRONG');
    await expect(page.getByText('That code does not unlock any tickets for this event.')).toBeVisible();
    await expect(kiosk.tier('Members presale')).toHaveCount(0);
    await page.getByLabel('Access code').fill('JAZZ24');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(kiosk.tier('Members presale')).toContainText('unlocked with your code');
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
    await kiosk.attendantSays('Declined');
    await expect(page.getByText('The card was declined. Nothing was charged.')).toBeVisible();
    const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
    expect(orders.data).toHaveLength(0);
  });

  let order: Order | null = null;
  await test.step('approved: the order is recorded as a card sale and the tickets show as QR codes', async () => {
    await kiosk.payByCard();
    await kiosk.attendantSays('Approved');
    await expect(page.getByRole('heading', { name: 'Enjoy the show!' })).toBeVisible();
    await expect(kiosk.doorQrs()).toHaveCount(4);
    await expect(kiosk.walletQrs()).toHaveCount(4);
    await expect(page.getByText('order for lena@example.com')).toBeVisible();
    const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
    expect(orders.data).toHaveLength(1);
    order = orders.data[0]!;
    expect(order.payment_method).toBe('card');
    expect(order.total_cents).toBe(10_000);
    expect(order.buyer).toEqual({ name: 'Lena Park', email: 'lena@example.com' });

    // What a door camera and a phone would read off the screen.
    const doorSrc = (await kiosk.doorQrs().first().getAttribute('src')) ?? '';
    const token = decodeQrPng(Buffer.from(doorSrc.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(order.tickets.map((t) => t.id)).toContain(parseTicketToken(token)?.claims.sub);
    const walletSrc = (await kiosk.walletQrs().first().getAttribute('src')) ?? '';
    const wallet = decodeQrPng(Buffer.from(walletSrc.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(order.tickets.map((t) => t.wallet_url)).toContain(wallet);
    await snap(page, 'kiosk-done');
    keepScreenshot('kiosk-done');
  });

  await test.step('stock went down by the four sold', async () => {
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(kiosk.tier('Standard')).toContainText('46 left');
  });

  await test.step('typed into the address bar, a staff screen sends the kiosk back to itself', async () => {
    // Orders would list buyers' names and emails; the tab signed in at /kiosk stays a kiosk.
    await page.goto(`${server.url}/orders`);
    await expect(page).toHaveURL(/\/kiosk$/);
    await expect(kiosk.tier('Standard')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
  });
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

test('the kiosk goes back to the start after 60 s without a touch, with a countdown in the last 10 s', async ({
  page,
  server,
}) => {
  const { boxOfficeKey } = await kioskEvening(server);
  // The page's clock is Playwright's, so a minute passes in an instant.
  await page.clock.install();
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(boxOfficeKey);
  await kiosk.tier('Standard').click();
  await kiosk.more(2);
  await expect(kiosk.quantity()).toHaveText('3');

  await page.clock.fastForward(45_000);
  await expect(page.getByTestId('kiosk-idle')).toHaveCount(0);
  await page.clock.fastForward(7_000);
  await expect(page.getByTestId('kiosk-idle')).toContainText('Starting over in 8 s');
  // A touch keeps the customer's place.
  await page.getByRole('heading', { name: 'How many?' }).click();
  await expect(page.getByTestId('kiosk-idle')).toHaveCount(0);
  await expect(kiosk.quantity()).toHaveText('3');

  await page.clock.fastForward(52_000);
  await expect(page.getByTestId('kiosk-idle')).toBeVisible();
  await snap(page, 'kiosk-idle');
  await page.clock.fastForward(9_000);
  await expect(page.getByRole('heading', { name: 'Choose your tickets' })).toBeVisible();
  await expect(kiosk.quantity()).toHaveCount(0);
});
