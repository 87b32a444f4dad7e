import { expect, test } from './fixtures.js';
import { AuditPage } from './pages/audit-page.js';
import { openStaffTill, signInTill, staffNight } from './support/staff-till.js';

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
  const { tillKey } = await staffNight(server, 'Staff Week');
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  await server.api('POST', '/v2/staff', { name: 'Sam', role: 'seller', pin: '1357' });

  const tillWindow = await openStaffTill(browser);
  const { till, staff, shift, nav } = tillWindow;
  const staffRow = (name: string) => admin.locator(`tr[data-staff="${name}"]`);

  await test.step('Sam signs in at the till and opens a shift', async () => {
    await signInTill(till, server, tillKey.secret);
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

  await tillWindow.context.close();
});

/**
 * Lowering the last manager through the role menu is allowed, as deactivating them is, but asked
 * first with the same words: until someone else is a manager, no till can refund, void or record
 * payouts. Keeping them changes nothing; confirming lowers them.
 */
test('making the last manager a seller warns first, as deactivating them does', async ({
  boxOffice,
  server,
}) => {
  const admin = boxOffice.page;
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  await server.api('POST', '/v2/staff', { name: 'Sam', role: 'seller', pin: '1357' });
  const roleOf = async (name: string) =>
    (await server.api<{ data: { name: string; role: string }[] }>('GET', '/v2/staff')).data.find(
      (m) => m.name === name,
    )?.role;
  await boxOffice.go('Settings');
  const role = admin.getByLabel('Role of Maria');
  const dialog = admin.getByRole('dialog', { name: 'Make Maria a seller?' });

  await role.selectOption('seller');
  await expect(dialog.getByRole('note')).toHaveText(
    'Maria is the last active manager: until you make someone else a manager, no till can refund, void or record payouts. This desk’s admin key still can, with nobody signed in.',
  );
  await dialog.getByRole('button', { name: 'Keep as manager' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(role).toHaveValue('manager');
  expect(await roleOf('Maria')).toBe('manager');

  await role.selectOption('seller');
  await dialog.getByRole('button', { name: 'Make seller' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(role).toHaveValue('seller');
  expect(await roleOf('Maria')).toBe('seller');

  // A seller made a manager, and lowered again, is not the last one: no question asked.
  await admin.getByLabel('Role of Sam').selectOption('manager');
  await expect(admin.getByLabel('Role of Sam')).toHaveValue('manager');
  await role.selectOption('manager');
  await expect(role).toHaveValue('manager');
  await admin.getByLabel('Role of Sam').selectOption('door');
  // Saved, which a question would have held until answered: so none was asked.
  await expect.poll(() => roleOf('Sam')).toBe('door');
  await expect(admin.getByRole('dialog')).toHaveCount(0);
});
