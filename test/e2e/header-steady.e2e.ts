import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { KioskPage } from './pages/kiosk-page.js';
import { LoginPage } from './pages/login-page.js';
import { SellPage } from './pages/sell-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';
import { doorNight } from './support/door-night.js';
import { pairDoorKey } from './support/door-key.js';
import { sidewaysOverflow } from './support/reflow.js';
import { holdRequestsTo } from './support/hold-requests.js';
import { startClockedVenueServer } from './support/venue-clock.js';
import { adminKey } from './support/venue-server.js';

/**
 * Right after sign-in the venue name, the server pill and (at a till) the staff chip arrive one
 * by one. A seller who reaches for Orders while they do must find it where it was: the header's
 * rows follow the window's width, not what has loaded. The venue settings are held back here, so
 * the first measurement is taken before the name is in, whatever the machine's speed.
 */
const navLinkBoxes = async (page: Page) => {
  const links = page.getByRole('navigation', { name: 'Screens' }).getByRole('link');
  const boxes = [];
  for (const link of await links.all())
    boxes.push({ name: await link.innerText(), box: await link.boundingBox() });
  return boxes;
};

for (const width of [1280, 1600, 1920]) {
  test(`the nav stays put while the header fills in after sign-in (${width} px wide)`, async ({
    browser,
    server,
  }) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const settings = await holdRequestsTo(page, '**/v2/settings');
    const login = new LoginPage(page, server.url);
    await login.open('/events');
    await login.signIn(adminKey);
    const venueName = page.locator('header .venue-name');
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    await expect.poll(() => settings.count()).toBeGreaterThan(0);
    await expect(venueName).toHaveText('');
    const before = await navLinkBoxes(page);
    expect(before.map((link) => link.name.split(/\s/)[0])).toContain('Orders');

    await settings.release();
    await expect(venueName).toHaveText('The Blue Room');
    await expect(page.locator('header .conn')).toHaveText('Online');

    expect(await navLinkBoxes(page)).toEqual(before);
    await page.close();
  });
}

test('on a 390 px phone the box office never scrolls sideways: sell, orders, an order, the door', async ({
  browser,
  server,
}) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  // A long title and tier names: what made the till's columns as wide as their longest line.
  const night = await doorNight(server, ['General admission standing', 'VIP lounge'], {
    title: 'A Rather Long Event Title For The Late Night Jazz Session',
  });
  const [ticket] = await night.sell('VIP lounge', 'Bartholomew Featherstonehaugh');
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Phone till',
    scope: 'box_office',
  });
  const login = new LoginPage(page, server.url);
  await login.open('/sell');
  await login.signIn(till.secret);
  const sell = new SellPage(page);
  await expect(sell.tile('VIP lounge')).toBeVisible();
  expect(await sidewaysOverflow(page), 'sell').toBeLessThanOrEqual(0);
  await sell.pickTier('VIP lounge');
  await sell.enterQuantity(2);
  await sell.payCash('50');
  await expect(sell.changeDue()).toHaveText('$10.00');
  expect(await sidewaysOverflow(page), 'sell, taking cash').toBeLessThanOrEqual(0);
  await sell.complete();
  expect(await sidewaysOverflow(page), 'sale complete').toBeLessThanOrEqual(0);
  const orderId = await sell.orderId();

  await page.goto(`${server.url}/orders`);
  await expect(page.getByRole('link', { name: orderId })).toBeVisible();
  expect(await sidewaysOverflow(page), 'orders').toBeLessThanOrEqual(0);
  await page.goto(`${server.url}/orders/${orderId}`);
  await expect(page.getByRole('article', { name: `Order ${orderId}` })).toBeVisible();
  expect(await sidewaysOverflow(page), 'an order').toBeLessThanOrEqual(0);
  await page.goto(`${server.url}/events/${night.eventId}`);
  await expect(page.getByRole('heading', { name: 'Check in a guest' })).toBeVisible();
  expect(await sidewaysOverflow(page), 'the event, with guest check-in').toBeLessThanOrEqual(0);

  const door = new DoorPage(page, server.url);
  await door.open();
  expect(await sidewaysOverflow(page), 'door pairing').toBeLessThanOrEqual(0);
  await door.pairByPasting(await night.pairingCode());
  expect(await sidewaysOverflow(page), 'door').toBeLessThanOrEqual(0);
  await door.wedgeScan(ticket!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  expect(await sidewaysOverflow(page), 'door verdict').toBeLessThanOrEqual(0);
  await page.close();
});

/**
 * What pokes out of the header: a link or button past the window, or below the dark bar (light
 * text on the light page). Empty when the header wraps and the bar grows with it.
 */
const headerSpill = (page: Page): Promise<string[]> =>
  // A string, as sidewaysOverflow: this file is type-checked without the DOM's types.
  page.evaluate(`(() => {
    const bar = document.querySelector('header.topbar').getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('header.topbar :is(a, button, .conn, .badge, [aria-label="Signed in"])')]
      .map((el) => ({ text: el.innerText.trim(), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.right > width + 0.5 || box.bottom > bar.bottom + 0.5 || box.left < -0.5)
      .map(({ text }) => text);
  })()`);

/** An address a buyer really types: 60 characters with no space to break at. */
const longEmail = 'maximilian.bartholomew.worthington@theblueroom-venue.example';

test('on a phone with a seller signed in and a shift open, the header wraps and every screen fits: 390 px and 320 px', async ({
  browser,
  server,
}) => {
  expect(longEmail).toHaveLength(60);
  const night = await doorNight(server, ['General admission standing', 'VIP lounge'], {
    title: 'A Rather Long Event Title For The Late Night Jazz Session',
  });
  const order = await server.api<{ id: string }>('POST', '/v2/orders', {
    event_id: night.eventId,
    items: [{ tier_id: night.tierIds['VIP lounge'], quantity: 1 }],
    buyer: { name: 'Maximilian Bartholomew Worthington', email: longEmail },
    payment_method: 'cash',
  });
  // Staff exist: the normal venue, where a till's writes need a signed-in member.
  await server.api('POST', '/v2/staff', { name: 'Maria Manager', role: 'manager', pin: '2468' });
  await server.api('POST', '/v2/staff', { name: 'Samantha Seller', role: 'seller', pin: '1357' });
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Phone till',
    scope: 'box_office',
  });

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const login = new LoginPage(page, server.url);
  await login.open('/shift');
  await login.signIn(till.secret);
  const staff = new TillStaffPage(page);
  await staff.typePin('1357');
  await expect(staff.signedIn()).toContainText('Samantha Seller · seller');
  await new ShiftPage(page).open('100.00');
  await expect(staff.signedIn()).toContainText('Shift open');

  const screens = async (width: number) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${server.url}/sell`);
    await expect(new SellPage(page).tile('VIP lounge')).toBeVisible();
    await expect(staff.signedIn()).toContainText('Shift open');
    expect(await headerSpill(page), `header, ${width} px`).toEqual([]);
    expect(await sidewaysOverflow(page), `sell, ${width} px`).toBeLessThanOrEqual(0);
    await page.goto(`${server.url}/orders/${order.id}`);
    const detail = page.getByRole('article', { name: `Order ${order.id}` });
    await expect(detail).toContainText(longEmail);
    expect(await sidewaysOverflow(page), `the order with a long email, ${width} px`).toBeLessThanOrEqual(0);
    const close = detail.getByRole('link', { name: 'Close' });
    const box = (await close.boundingBox())!;
    expect(box.x + box.width, `Close on screen, ${width} px`).toBeLessThanOrEqual(width);
    await page.goto(`${server.url}/shift`);
    await expect(page.getByRole('heading', { name: /^Shift open/ })).toBeVisible();
    expect(await sidewaysOverflow(page), `shift, ${width} px`).toBeLessThanOrEqual(0);
    await page.goto(`${server.url}/monitor/${night.eventId}`);
    await expect(page.getByRole('heading', { name: 'Scan monitor' })).toBeVisible();
    expect(await sidewaysOverflow(page), `monitor, ${width} px`).toBeLessThanOrEqual(0);
    // The heading keeps its words: not one letter per line beside a wide event picker.
    const heading = (await page.getByRole('heading', { name: 'Scan monitor' }).boundingBox())!;
    expect(heading.height, `monitor heading on one line, ${width} px`).toBeLessThan(40);
  };
  await screens(390);
  await screens(320);

  await page.close();
});

test('on a phone, Settings (staff, keys, mail waiting for a long address) and the monitor with its doors fit', async ({
  browser,
  server,
}) => {
  const night = await doorNight(server, ['VIP lounge'], {
    title: 'A Rather Long Event Title For The Late Night Jazz Session',
  });
  await server.api('POST', '/v2/orders', {
    event_id: night.eventId,
    items: [{ tier_id: night.tierIds['VIP lounge'], quantity: 1 }],
    buyer: { name: 'Maximilian Bartholomew Worthington', email: longEmail },
    payment_method: 'cash',
  });
  // A paired door, so the monitor draws its doors table (the admin key lists devices).
  await pairDoorKey(server, night.eventId, 'North gate by the cloakroom');
  await server.api('POST', '/v2/staff', { name: 'Maria Manager', role: 'manager', pin: '2468' });
  await server.api('POST', '/v2/api_keys', { name: 'Phone till by the cloakroom', scope: 'box_office' });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const login = new LoginPage(page, server.url);
  await login.open('/settings');
  await login.signIn(adminKey);
  // The key is kept only once the server has checked it: leaving the page sooner signs out again.
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${server.url}/settings`);
    await expect(page.getByRole('table', { name: 'Staff members' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Mail not sent yet' })).toContainText(longEmail);
    expect(await headerSpill(page), `admin header, ${width} px`).toEqual([]);
    expect(await sidewaysOverflow(page), `settings, ${width} px`).toBeLessThanOrEqual(0);
    await page.goto(`${server.url}/monitor/${night.eventId}`);
    await expect(page.locator('tr[data-door="North gate by the cloakroom"]')).toBeVisible();
    expect(await sidewaysOverflow(page), `monitor with its doors, ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.close();
});

test('the kiosk fits a 320 px window: its event and ticket cards', async ({ browser, server }) => {
  await doorNight(server, ['General admission standing'], {
    title: 'A Rather Long Event Title For The Late Night Jazz Session',
  });
  await doorNight(server, ['Early bird'], { title: 'Jazz Brunch' });
  const key = await server.api<{ secret: string }>('POST', '/v2/api_keys', { name: 'Lobby', scope: 'kiosk' });
  // Set before the kiosk reads the offer: without a PIN it offers no Pay by card.
  await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: '482913' });
  const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(key.secret);
  await expect(page.getByRole('heading', { name: 'Choose your event' })).toBeVisible();
  expect(await sidewaysOverflow(page), 'kiosk events').toBeLessThanOrEqual(0);
  await page.locator('.kiosk-card', { hasText: 'Late Night Jazz' }).click();
  await expect(kiosk.tier('General admission standing')).toBeVisible();
  expect(await sidewaysOverflow(page), 'kiosk tickets').toBeLessThanOrEqual(0);
  // The receipt: a ticket's two QRs side by side and a long email ran off a 320 px screen.
  await kiosk.tier('General admission standing').click();
  await kiosk.continue();
  await kiosk.enterEmail('a.very.long.address.for.a.small.screen@example-venue.example.com');
  await kiosk.payByCard();
  await kiosk.attendantApproves('482913');
  await expect(page.getByRole('heading', { name: 'Enjoy the show!' })).toBeVisible();
  await expect(kiosk.walletQrs()).toBeVisible();
  expect(await sidewaysOverflow(page), 'kiosk tickets bought').toBeLessThanOrEqual(0);
  await page.close();
});

/**
 * Each header item whose words were broken over lines or cut without a title: its text then. The
 * lines are counted from its text's own boxes (not a key hint's frame beside it): a box that starts
 * below the previous line's bottom starts another. Cut (wider than its box) is allowed only with a
 * title that holds all its words.
 */
const brokenHeaderWords = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => {
    const items = document.querySelectorAll(
      'header.topbar :is(.badge, .conn, [aria-label="Signed in"], .outbound-indicator > :not(.outbound-dot), button, .nav-link)',
    );
    const lineCount = (el) => {
      const boxes = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      boxes.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const box of boxes) {
        if (box.top >= bottom - 1) lines += 1;
        bottom = Math.max(bottom, box.bottom);
      }
      return lines;
    };
    return [...items].flatMap((el) => {
      const text = el.textContent.trim();
      const lines = lineCount(el);
      const broken = lines > 1 ? [text + ': over ' + lines + ' lines'] : [];
      const cut = el.scrollWidth > el.clientWidth + 1 && !(el.getAttribute('title') || '').includes(text);
      return cut ? [...broken, text + ': cut without a title'] : broken;
    });
  })()`);

test('a 1024 × 600 laptop with mail waiting and no shift open: each header pill and the name on one line', async ({
  browser,
}) => {
  // No mail server set up: mail waiting past a few minutes is what the header reports, so the
  // server's clock is moved on rather than the test waiting for it.
  const { server, setOffset } = await startClockedVenueServer();
  try {
    const night = await doorNight(server, ['VIP lounge']);
    await server.api('POST', '/v2/orders', {
      event_id: night.eventId,
      items: [{ tier_id: night.tierIds['VIP lounge'], quantity: 1 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      payment_method: 'cash',
    });
    await setOffset(5 * 60_000);
    await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
    const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
      name: 'Till 1',
      scope: 'box_office',
    });
    const page = await browser.newPage({ viewport: { width: 1024, height: 600 } });
    const login = new LoginPage(page, server.url);
    await login.open('/orders');
    await login.signIn(till.secret);
    const staff = new TillStaffPage(page);
    await staff.typePin('2468');
    await expect(staff.signedIn()).toContainText('Maria · manager');
    for (const screen of ['orders', 'monitor', 'reports']) {
      await page.goto(`${server.url}/${screen}`);
      await expect(page.getByTestId('no-shift')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Mail and webhooks not going out' })).toContainText(
        'Mail: 1 waiting — no mail server set up',
      );
      await expect(page.locator('header .conn')).toHaveText('Online');
      expect(await brokenHeaderWords(page), `header on ${screen}`).toEqual([]);
      expect(await headerSpill(page), `header spill on ${screen}`).toEqual([]);
      // The venue name keeps some room (cut with an ellipsis) beside the wrapped group.
      const venue = await page.locator('header .venue-name').boundingBox();
      expect(venue?.width ?? 0, `venue name on ${screen}`).toBeGreaterThanOrEqual(60);
    }
    await page.close();
  } finally {
    await server.stop();
  }
});
