import { DoorDevice } from '../../src/scanner/door-device.js';
import { FetchTransport } from '../../src/scanner/fetch-transport.js';
import { MemoryDeviceState } from '../../src/scanner/memory-device-state.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';
import { parseCredential } from '../../src/shared/ticket-token.js';
import { decodeQrPng } from '../support/qr-decode.js';
import { expect } from './fixtures.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { BoxOffice } from './pages/box-office.js';
import { MonitorPage } from './pages/monitor-page.js';
import { mailedTest } from './support/mailed-venue.js';
import { catchPrints, printedSlips, printsSoFar, slipCode } from './support/print.js';
import { snap } from './support/screenshots.js';
import { startClockedVenueServer } from './support/venue-clock.js';
import type { VenueServer } from './support/venue-server.js';

const hour = 3_600_000;

interface Ticket {
  id: string;
  status: string;
  wallet_url: string;
  paper_pass: string | null;
}
interface Order {
  id: string;
  tickets: Ticket[];
}

/** A published event with a tier that allows paper and one that does not. */
async function eveningOnSale(server: VenueServer, doorsAt: Date): Promise<string> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Paper Night',
    venue: 'Main hall',
    doors_at: doorsAt.toISOString(),
    timezone: 'Europe/London',
    tickets: [
      { name: 'Stalls', price_cents: 2000 },
      { name: 'Phone only', price_cents: 1500, paper_pass: false },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  return event.id;
}

async function latestOrder(server: VenueServer, eventId: string): Promise<Order> {
  const list = await server.api<{ data: Order[] }>(
    'GET',
    `/v2/orders?event_id=${eventId}&order=newest_first`,
  );
  return list.data[0]!;
}

/** Wallet QR images on the sale-complete screen, decoded as a phone camera reads them. */
async function walletCodesOnScreen(box: BoxOffice): Promise<string[]> {
  const codes: string[] = [];
  for (const image of await box.sell.ticketQrs().all()) codes.push(decodeQrPng(await image.screenshot()));
  return codes;
}

// The mail test's server and SMTP receiver come from mailedTest; the pass test starts its own.
const test = mailedTest;
// A receipt printer prints at 203 dpi, about twice a screen's 96: the print layout is
// photographed at that resolution, as the paper would carry it.
test.use({ deviceScaleFactor: 2 });

test('a pass printed at the box office admits three hours later, once; an offline door’s double is a reported conflict', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const venue = await startClockedVenueServer();
  const { server } = venue;
  try {
    const start = Date.now();
    const eventId = await eveningOnSale(server, new Date(start + 2 * hour));
    // A door that took its pack before the sale and will be offline later.
    const pairing = await server.api<{ qr: string }>('POST', '/v2/devices/pairing', { event_id: eventId });
    let doorOffset = 0;
    const door = await DoorDevice.pair(parsePairingCode(pairing.qr), 'Side door', {
      state: new MemoryDeviceState(),
      transport: (p) => new FetchTransport(p.baseUrl),
      now: () => Date.now() + doorOffset,
    });
    await door.pull();

    await catchPrints(page);
    const box = new BoxOffice(page, server);
    await box.signIn();
    await box.go('Sell');
    await box.sell.pickTier('Stalls');
    await box.sell.enterQuantity(1);
    await box.sell.payCash('20');
    await box.sell.complete();
    await page.getByRole('button', { name: /^Print tickets/ }).click();
    expect(await printsSoFar(page)).toBe(1);

    const slips = await printedSlips(page);
    await expect(slips).toHaveCount(1);
    await expect(slips.first()).toHaveAttribute('data-code', 'pass');
    await expect(slips.first()).toContainText('It admits one person once, until');
    await expect(slips.first()).toContainText('(London time)');
    const printed = await slipCode(slips.first());
    await snap(page, 'print-pass');
    keepScreenshot('print-pass');
    await page.emulateMedia({ media: 'screen' });

    const order = await latestOrder(server, eventId);
    const [ticket] = order.tickets;
    expect(printed).toBe(ticket!.paper_pass);
    expect(parseCredential(printed)).toMatchObject({ credential: 'paper', claims: { sub: ticket!.id } });

    // Three hours later on the server's clock (doors were an hour ago): every 5-minute code of
    // the sale is long dead, the printed pass is not.
    await venue.setOffset(3 * hour);
    const validate = (token: string) =>
      server.api<{ result: string; reason: string | null; credential: string }>('POST', '/v2/scan/validate', {
        token,
      });
    expect(await validate(printed)).toMatchObject({ result: 'admitted', reason: null, credential: 'paper' });
    expect(await validate(printed)).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
      credential: 'paper',
    });

    // The door offline since before the sale, on the same later clock, admits its copy; once back
    // online, its sync reports the double admission.
    doorOffset = 3 * hour;
    expect(await door.scan(printed, { offline: true })).toMatchObject({
      result: 'admitted',
      mode: 'offline',
      credential: 'paper',
    });
    expect(await door.sync()).toMatchObject({ uploaded: 1, conflicts: 1 });
  } finally {
    await server.stop();
  }
});

test('till and Orders: wallet QRs to photograph, mail really sent (and its state), reprint with the pass, resend elsewhere', async ({
  page,
  server,
  smtp,
}) => {
  test.setTimeout(120_000);
  smtp.answerRcpt = (address) =>
    address === 'nobody@example.com' ? { code: 550, message: 'No such mailbox' } : 'accept';
  const eventId = await eveningOnSale(server, new Date(Date.now() + 30 * 24 * hour));
  await catchPrints(page);
  const box = new BoxOffice(page, server);
  await box.signIn();

  await test.step('a cash sale with an address: the tickets go out by mail; wallet codes to photograph', async () => {
    await box.go('Sell');
    await box.sell.pickTier('Stalls');
    await box.sell.enterQuantity(2);
    await box.sell.payCash('40');
    await box.sell.emailTo('pat@example.com');
    await box.sell.complete();
    const order = await latestOrder(server, eventId);
    expect((await walletCodesOnScreen(box)).sort()).toEqual(order.tickets.map((t) => t.wallet_url).sort());
    const mail = page.getByRole('region', { name: 'Order mail' }).locator('li');
    await expect(mail).toHaveCount(1);
    await expect(mail.first()).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });
    await expect(mail.first()).toContainText('Sent to pat@example.com');
    const [sent] = await smtp.waitFor(1);
    expect(sent!.rcptTo).toEqual(['pat@example.com']);
    expect(sent!.parsed.attachments.map((a) => a.filename)).toEqual([`tickets-${order.id}.pdf`]);
    await snap(page, 'sell-done-wallet');
  });

  await test.step('Email… on the done screen sends the same tickets to another address', async () => {
    await page.getByRole('button', { name: 'Email…' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('sam@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'queued for sam@example.com' })).toBeVisible();
    const mail = page.getByRole('region', { name: 'Order mail' }).locator('li');
    await expect(mail.nth(1)).toContainText('Sent to sam@example.com', { timeout: 20_000 });
    await smtp.waitFor(1, 10_000, (m) => m.rcptTo.includes('sam@example.com'));
  });

  await test.step('a tier without paper prints the wallet link, saying the door wants a phone', async () => {
    await box.sell.newSale();
    await box.sell.pickTier('Phone only');
    await box.sell.enterQuantity(1);
    await box.sell.payCash('15');
    await box.sell.complete();
    const slips = await printedSlips(page);
    await expect(slips).toHaveCount(1);
    await expect(slips.first()).toHaveAttribute('data-code', 'wallet');
    await expect(slips.first()).toContainText('paper is not accepted at the door');
    const order = await latestOrder(server, eventId);
    expect(await slipCode(slips.first())).toBe(order.tickets[0]!.wallet_url);
    await page.emulateMedia({ media: 'screen' });
    await box.sell.newSale();
  });

  await test.step('Orders: reprint one ticket with its pass, the same pass as the first print', async () => {
    const orders = await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`);
    const first = orders.data[0]!;
    await box.go('Orders');
    await box.orders.search(first.id);
    await expect(box.orders.detail()).toContainText(first.id);
    const before = await printsSoFar(page);
    const [one] = first.tickets;
    await box.orders.reprint(one!.id);
    await expect.poll(() => printsSoFar(page)).toBe(before + 1);
    const slips = await printedSlips(page);
    await expect(slips).toHaveCount(1);
    await expect(slips.first()).toHaveAttribute('data-ticket', one!.id);
    expect(await slipCode(slips.first())).toBe(one!.paper_pass);
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('the door admits the reprinted pass and a phone’s code; the monitor tells paper from phone', async () => {
    const [first] = (await server.api<{ data: Order[] }>('GET', `/v2/orders?event_id=${eventId}`)).data;
    const [pass, phone] = first!.tickets;
    const code = await server.api<{ qr_token: string }>('GET', `/v2/tickets/${phone!.id}`);
    const validate = (token: string) =>
      server.api<{ result: string; credential: string; scan: { id: string } }>('POST', '/v2/scan/validate', {
        token,
      });
    const paperScan = await validate(pass!.paper_pass!);
    const phoneScan = await validate(code.qr_token);
    expect([paperScan, phoneScan].map((s) => [s.result, s.credential])).toEqual([
      ['admitted', 'paper'],
      ['admitted', 'rotating'],
    ]);
    await box.go('Monitor');
    const monitor = new MonitorPage(page);
    await expect(monitor.admittedByCredential()).toHaveText('1 · 1 · 0'); // phone · paper · manual
    await expect(monitor.scanRow(paperScan.scan.id).locator('[data-credential]')).toHaveText('paper');
    await expect(monitor.scanRow(phoneScan.scan.id).locator('[data-credential]')).toHaveText('phone');
    await box.go('Orders');
    await box.orders.search(first!.id);
    await expect(box.orders.detail()).toContainText(first!.id);
  });

  await test.step('Orders: resend to another address, and a refused address shows as not sent', async () => {
    await expect(box.orders.mail()).toHaveCount(2);
    await box.orders.emailTickets('lee@example.com');
    await expect(box.orders.mail().nth(2)).toContainText('Sent to lee@example.com', { timeout: 20_000 });
    await box.orders.emailTickets('nobody@example.com');
    await expect(box.orders.mail().nth(3)).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(box.orders.mail().nth(3)).toContainText('Not sent to nobody@example.com');
    await expect(box.orders.mail().nth(3)).toContainText('No such mailbox');
    await snap(page, 'orders-mail');
    keepScreenshot('orders-mail');
    // The order keeps its buyer: another address is for that mail only.
    const first = (
      await server.api<{ data: (Order & { buyer: { email: string } })[] }>(
        'GET',
        `/v2/orders?event_id=${eventId}`,
      )
    ).data[0]!;
    expect(first.buyer.email).toBe('pat@example.com');
  });
});
