import { expect, test } from './fixtures.js';
import { AuditPage } from './pages/audit-page.js';
import { LoginPage } from './pages/login-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';

/**
 * The manager's week of hiring and firing: a seller is deactivated in Settings while signed in
 * mid-shift at a till; his till goes back to the keypad by itself and says why; the manager closes his
 * shift, and Past shifts and the Audit screen still name him. A new hire takes his old PIN, so
 * reactivating him asks for a new one. A till guessing PINs is told how long it is locked out.
 */
test('a week of staff changes: fired mid-shift, a PIN taken while away, a till locked out', async ({
  boxOffice,
  server,
  browser,
}) => {
  const admin = boxOffice.page;
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Staff Week',
    venue: 'Main hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tillKey = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  await server.api('POST', '/v2/staff', { name: 'Sam', role: 'seller', pin: '1357' });

  const tillContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const till = await tillContext.newPage();
  const tillErrors: string[] = [];
  till.on('pageerror', (err) => tillErrors.push(err.message));
  const staff = new TillStaffPage(till);
  const shift = new ShiftPage(till);
  const nav = (name: string) => till.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name });
  const staffRow = (name: string) => admin.locator(`tr[data-staff="${name}"]`);

  await test.step('Sam signs in at the till and opens a shift', async () => {
    const login = new LoginPage(till, server.url);
    await login.open('/sell');
    await login.signIn(tillKey.secret);
    await staff.typePin('1357');
    await expect(staff.signedIn()).toContainText('Sam · seller');
    await nav('Shift').click();
    await shift.open('100.00');
  });

  await test.step('the manager deactivates Sam in Settings while he is signed in', async () => {
    await boxOffice.go('Settings');
    await staffRow('Sam').getByRole('button', { name: 'Deactivate… Sam' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText('signed out of every till now');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(staffRow('Sam')).toContainText('Deactivated');
  });

  await test.step('Sam’s till goes back to the keypad by itself, saying why; nothing is sold', async () => {
    // No press needed: the till's shift poll (every 15 s) asks whether he is still signed in.
    await expect(staff.keypad()).toBeVisible({ timeout: 20_000 });
    await expect(till.locator('.pin-notice')).toHaveText(
      'Sam has been deactivated, so their sign-in here has ended. Another member can sign in with their own PIN.',
    );
    const orders = await server.api<{ data: unknown[] }>('GET', '/v2/orders');
    expect(orders.data).toHaveLength(0);
  });

  await test.step('Maria closes Sam’s shift; Past shifts names who opened and closed it', async () => {
    await staff.typePin('2468');
    await expect(staff.signedIn()).toContainText('Maria · manager');
    await nav('Shift').click();
    await shift.closeWithCount('100.00');
    const past = till.getByRole('region', { name: 'Past shifts' });
    const line = past.getByRole('button', { name: /opened by Sam, closed by Maria/ });
    await expect(line).toHaveCount(1);
    await line.click();
    await expect(past.getByRole('region', { name: /^Z report/ })).toContainText(
      'opened by Sam, closed by Maria',
    );
  });

  await test.step('a new hire is given Sam’s old PIN; reactivating Sam asks for a new one', async () => {
    await server.api('POST', '/v2/staff', { name: 'Lee', role: 'seller', pin: '1357' });
    await admin.reload();
    await staffRow('Sam').getByRole('button', { name: 'Reactivate Sam' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reactivate Sam with a new PIN' });
    await expect(dialog).toContainText('Another active member has Sam’s old PIN now.');
    await dialog.getByLabel('New PIN').fill('1122');
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await expect(staffRow('Sam')).toContainText('Active');
  });

  await test.step('the Audit screen says who did what, by name', async () => {
    await boxOffice.go('Audit');
    const audit = new AuditPage(admin);
    await expect(audit.rows().filter({ hasText: 'deactivated staff member Sam' })).toHaveCount(1);
    await expect(audit.rows().filter({ hasText: 'reactivated Sam, reset the PIN of Sam' })).toHaveCount(1);
    await expect(audit.rows().filter({ hasText: /Maria closed shf_\w+, counted \$100\.00/ })).toHaveCount(1);
    await expect(audit.rows().filter({ hasText: 'stf_' })).toHaveCount(0);
  });

  await test.step('a till guessing PINs is told how long it must wait, even with the right PIN', async () => {
    await staff.signOut('Maria');
    for (let i = 0; i < 6; i += 1) {
      await staff.typePin('9999');
      await expect(till.getByRole('alert')).toContainText('PIN');
    }
    await staff.typePin('2468');
    await expect(till.getByRole('alert')).toHaveText(
      /^Too many wrong PINs at this till\. Try again in \d+ seconds, even with the right PIN\.$/,
    );
    await expect(staff.keypad()).toBeVisible();
  });

  expect(tillErrors, 'uncaught errors on the till').toEqual([]);
  await tillContext.close();
});
