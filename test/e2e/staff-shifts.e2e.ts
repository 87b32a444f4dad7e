import type { Page } from '@playwright/test';
import { parseCsv } from '../../src/renderer/src/lib/csv-download.js';
import { expect, test } from './fixtures.js';
import { AuditPage } from './pages/audit-page.js';
import { OrdersPage } from './pages/orders-page.js';
import { ReportsPage } from './pages/reports-page.js';
import { catchPrints, printsSoFar } from './support/print.js';
import { snap } from './support/screenshots.js';
import { openStaffTill, signInTill, staffNight } from './support/staff-till.js';
import { wedgeScan } from './support/wedge-scan.js';

interface Created {
  id: string;
}

/**
 * A night with staff: the manager sets them up in Settings (admin key); a seller signs in at a
 * box-office till with a PIN, opens a shift, sells cash and card and is refused a refund; the
 * manager signs in there, refunds and closes the shift 5.00 short; the Z report, the audit trail
 * and the attendee CSV say exactly what happened.
 */
test('staff, a shift and its cash-up, the audit trail and the attendee CSV', async ({
  boxOffice,
  server,
  browser,
}) => {
  const admin = boxOffice.page;
  const { event, tillKey } = await staffNight(server, 'Staff Night');

  await test.step('the manager adds two staff in Settings', async () => {
    await boxOffice.go('Settings');
    const panel = admin.getByRole('region', { name: 'Staff' });
    await addStaff(admin, 'Maria', 'manager', '2468');
    await addStaff(admin, 'Sam', 'seller', '1357');
    await expect(panel.getByRole('table', { name: 'Staff members' }).locator('tr[data-staff]')).toHaveCount(
      2,
    );
    // A PIN someone else has is refused at the PIN field, in words.
    await addStaff(admin, 'Copy', 'seller', '1357', false);
    await expect(panel.getByLabel('PIN')).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.locator('.field-error')).toContainText('PIN');
    await snap(admin, 'settings-staff');
  });

  const tillWindow = await openStaffTill(browser);
  const { till, staff, sell, shift, nav } = tillWindow;
  await catchPrints(till);
  const orders = new OrdersPage(till);

  await test.step('the till asks for a PIN; a wrong one is refused, the seller’s is taken', async () => {
    await signInTill(till, server, tillKey.secret);
    await expect(staff.keypad()).toBeVisible();
    await snap(till, 'pin-keypad');
    // A queue of customers' tickets scanned at the keypad: not PIN guesses (five would lock out).
    for (let i = 0; i < 5; i += 1) await wedgeScan(till, `eyJ1234567890.eyJ${i}0987654321.sig`);
    await expect(till.locator('.pin-notice')).toHaveText(
      'That was a ticket, not a PIN: sign in first, then scan it.',
    );
    await expect(till.getByLabel('0 digits typed')).toBeVisible();
    await staff.typePin('9999');
    await expect(till.getByRole('alert')).toContainText('PIN');
    await staff.typePin('1357');
    await expect(staff.signedIn()).toContainText('Sam · seller');
  });

  await test.step('Sam opens a shift with a 100.00 float', async () => {
    await nav('Shift').click();
    await shift.open('100.00');
    await expect(staff.signedIn()).toContainText('Shift open');
  });

  let cashOrder = '';
  await test.step('Sam sells two tickets for cash and one by card', async () => {
    await nav('Sell').click();
    await expect(till).toHaveURL(new RegExp(`/sell/${event.id}$`));
    await sell.pickTier('General admission');
    await sell.enterQuantity(2);
    await sell.payCash('50');
    await sell.complete();
    cashOrder = await sell.orderId();
    await sell.newSale();
    await sell.pickTier('General admission');
    await sell.enterQuantity(1);
    await till.getByRole('radio', { name: 'Card' }).check();
    await till.getByLabel('Buyer name').fill('Ada Card');
    await till.getByLabel('Buyer email').fill('ada@example.com');
    await sell.complete();
  });

  await test.step('Sam is refused a refund, in words', async () => {
    await nav('Orders').click();
    await orders.search(cashOrder);
    await expect(orders.detail()).toContainText(cashOrder);
    await orders.detail().getByRole('button', { name: 'Refund…' }).click();
    const dialog = till.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Only a manager can refund. Ask a manager to sign in.',
    );
    await snap(till, 'refund-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('Maria taps her PIN, presses the keyboard’s Enter to sign in, and refunds 20.00', async () => {
    await staff.signOut('Sam');
    // The last key tapped keeps the focus; Enter on the keyboard still signs in, not one more 8.
    for (const digit of '2468')
      await staff.keypad().getByRole('button', { name: digit, exact: true }).click();
    await till.keyboard.press('Enter');
    await expect(staff.signedIn()).toContainText('Maria · manager');
    await nav('Orders').click();
    await orders.search(cashOrder);
    await orders.refundPartial('20');
    await expect(orders.refunded()).toHaveText('$20.00');
  });

  await test.step('Maria closes the shift 5.00 short with a blind count', async () => {
    await nav('Shift').click();
    // Float 100.00 + cash 50.00 − cash refunded 20.00 = 130.00 expected; 125.00 counted.
    await shift.closeWithCount('125.00');
    const z = shift.zReport();
    await expect(shift.figure(z, 'Expected cash')).toHaveText('$130.00');
    await expect(shift.figure(z, 'Counted cash')).toHaveText('$125.00');
    await expect(shift.figure(z, 'Over/short')).toHaveText('−$5.00');
    await snap(till, 'z-report');
    // Printed on the receipt roll: the Z report alone, with the same figures.
    await z.getByRole('button', { name: 'Print Z report' }).click();
    await expect.poll(() => printsSoFar(till)).toBe(1);
    await till.emulateMedia({ media: 'print' });
    const printed = till.locator('.print-z-report');
    await expect(printed).toBeVisible();
    await expect(printed).toContainText('−$5.00');
    // The roll has no table head: it names the figures of each breakdown's rows instead.
    await expect(printed).toContainText('Tickets · Comps · Sales');
    await expect(till.locator('.topbar')).toBeHidden();
    await till.emulateMedia({ media: 'screen' });
  });

  await test.step('Maria downloads the Z report as CSV: the figures on screen, in a file a spreadsheet opens', async () => {
    const csv = await shift.downloadZCsv();
    expect(csv.name).toMatch(/^z-report-shf_\w+\.csv$/);
    const rows = parseCsv(csv.text);
    const item = (name: string) => rows.find((row) => row[0] === name)?.slice(1, 3);
    expect(item('kind')).toEqual(['z', '']);
    expect(item('till')).toEqual(['Till 1', expect.stringMatching(/^key_/)]);
    expect(item('opened_by')).toEqual(['Sam', expect.stringMatching(/^stf_/)]);
    expect(item('closed_by')).toEqual(['Maria', expect.stringMatching(/^stf_/)]);
    expect(item('opening_float')).toEqual(['100.00', '']);
    expect(item('expected_cash')).toEqual(['130.00', '']);
    expect(item('counted_cash')).toEqual(['125.00', '']);
    expect(item('over_short')).toEqual(['-5.00', '']);
    expect(item('order_count')).toEqual(['2', '']);
    // Cash: one order of 50.00, 20.00 of it refunded; card: one of 25.00. Each record is padded
    // to the file's width, the tier section's nine fields.
    expect(rows.find((row) => row[0] === 'cash')).toEqual([
      'cash',
      'usd',
      '1',
      '50.00',
      '1',
      '20.00',
      '30.00',
      '',
      '',
    ]);
    expect(rows.find((row) => row[0] === 'card')).toEqual([
      'card',
      'usd',
      '1',
      '25.00',
      '0',
      '0.00',
      '25.00',
      '',
      '',
    ]);
    // The tier line names its event, not only its id.
    expect(rows.find((row) => row[2] === event.id)?.slice(3, 5)).toEqual(['Staff Night', 'published']);
  });

  await test.step('the Audit screen names who did each thing', async () => {
    await boxOffice.go('Audit');
    const audit = new AuditPage(admin);
    await expect(
      audit.rows().filter({ hasText: `Sam sold 2 tickets for $50.00 (cash) on ${cashOrder}` }),
    ).toHaveCount(1);
    await expect(audit.rows().filter({ hasText: /Sam sold 1 ticket for \$25\.00 \(card\)/ })).toHaveCount(1);
    await expect(audit.rows().filter({ hasText: `Maria refunded $20.00 on ${cashOrder}` })).toHaveCount(1);
    await expect(
      audit.rows().filter({ hasText: /Sam opened shf_\w+ with a float of \$100\.00/ }),
    ).toHaveCount(1);
    await expect(
      audit.rows().filter({ hasText: /Maria closed shf_\w+, counted \$125\.00 \(short by \$5\.00\)/ }),
    ).toHaveCount(1);
    await audit.filterByPerson('Maria (staff)');
    await expect(audit.rows().filter({ hasText: 'Sam' })).toHaveCount(0);
    await snap(admin, 'audit');
  });

  await test.step('the attendee CSV downloads with every row', async () => {
    await boxOffice.go('Reports');
    const reports = new ReportsPage(admin);
    await expect(admin).toHaveURL(new RegExp(`/reports/${event.id}$`));
    const csv = await reports.downloadCsv('Attendees');
    expect(csv.name).toMatch(new RegExp(`^attendees-${event.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = parseCsv(csv.text);
    const attendees = await server.api<{ data: { id: string }[] }>(
      'GET',
      `/v2/attendees?event_id=${event.id}&limit=100`,
    );
    expect(attendees.data).toHaveLength(3);
    // A header and one row per attendee, each attendee's id in it.
    expect(rows).toHaveLength(1 + attendees.data.length);
    for (const a of attendees.data) expect(rows.some((row) => row.includes(a.id))).toBe(true);
    await snap(admin, 'reports');
  });

  await test.step('“This shift’s orders” lists the two Sam sold in it, not one sold elsewhere', async () => {
    const elsewhere = await server.api<Created>('POST', '/v2/orders', {
      event_id: event.id,
      items: [{ tier_id: (await firstTier(server, event.id)).id, quantity: 1 }],
      payment_method: 'cash',
    });
    await shift.zReport().getByRole('button', { name: 'This shift’s orders' }).click();
    await expect(till).toHaveURL(/\/orders$/);
    await expect(orders.listRows()).toHaveCount(2);
    await expect(orders.listRows().filter({ hasText: cashOrder })).toHaveCount(1);
    await expect(orders.listRows().filter({ hasText: elsewhere.id })).toHaveCount(0);
    await till.getByRole('button', { name: 'All shifts' }).click();
    await expect(orders.listRows().filter({ hasText: elsewhere.id })).toHaveCount(1);
  });

  await tillWindow.context.close();
});

async function firstTier(server: { api<T>(method: string, path: string): Promise<T> }, eventId: string) {
  const tiers = await server.api<{ data: Created[] }>('GET', `/v2/events/${eventId}/tiers`);
  return tiers.data[0]!;
}

async function addStaff(
  page: Page,
  name: string,
  role: string,
  pin: string,
  expectAdded = true,
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add staff' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption(role);
  await form.getByLabel('PIN').fill(pin);
  await form.getByRole('button', { name: 'Add staff' }).click();
  if (expectAdded) {
    await expect(page.getByRole('status').filter({ hasText: `${name} can now sign in` })).toBeVisible();
  }
}
