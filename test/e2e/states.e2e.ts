import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { mountSmallDisk } from '../support/small-disk.js';
import { expect, test } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { LoginPage } from './pages/login-page.js';
import { snap } from './support/screenshots.js';
import { startVenueServer } from './support/venue-server.js';

test('login refuses a bad key with the server’s reason and keeps a good one for the tab', async ({
  page,
  server,
}) => {
  const login = new LoginPage(page, server.url);
  await login.open('/orders');
  // A fresh organiser is told where the first admin key is (the terminal scrolls away).
  await expect(page.getByText('also saved as admin-key.txt in its data folder')).toBeVisible();
  await snap(page, 'login');
  await login.signIn('sk_live_notarealkey000000000000');
  await expect(login.error()).toContainText('does not know this key');

  const scanner = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Door 1',
    scope: 'scanner',
  });
  await login.signIn(scanner.secret);
  await expect(login.error()).toContainText('scanner key');

  // Refused after Sign in was pressed by keyboard (the button is disabled while the key is
  // checked): the keyboard goes back to the key's field, which says why, not to the page's body.
  await login.keyInput.fill('sk_live_notarealkey000000000001');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(login.error()).toContainText('does not know this key');
  await expect(login.keyInput).toBeFocused();
  await expect(login.keyInput).toHaveAccessibleDescription(/does not know this key/);

  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 2',
    scope: 'box_office',
  });
  await login.signIn(till.secret);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();
  // A box-office key gets no Settings screen and no event editing.
  await expect(
    page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }),
  ).toHaveCount(0);

  // Typed into the address bar, an admin screen says why it is closed instead of raw 403s.
  for (const [path, title] of [
    ['/settings', 'Settings'],
    ['/webhooks', 'Webhooks'],
  ] as const) {
    await page.goto(new URL(path, page.url()).href);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(`${title} needs an admin key`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  }
  await page.goto(new URL('/orders', page.url()).href);

  // The key survives a reload of the tab (sessionStorage), and a path route reloads to its screen.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('a signed-in tab reloaded says it is connecting while its key is checked, never showing the sign-in form', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  await boxOffice.go('Orders');
  // The key's check held: the sign-in form would take a Tab or a typed key, then vanish.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v2\/api_keys(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Connecting to the venue server…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Box office sign-in' })).toHaveCount(0);
  await expect(page.getByLabel('API key')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('settings: venue name, a key shown once, the pairing QR', async ({ boxOffice, page }) => {
  await boxOffice.go('Settings');
  await expect(boxOffice.settings.venueName()).toHaveValue('The Blue Room');
  await boxOffice.settings.renameVenue('The Green Room');
  await expect(page.locator('.venue-name')).toHaveText('The Green Room');
  const secret = await boxOffice.settings.createKey('Till 3', 'box_office');
  expect(secret).toMatch(/^sk_live_/);
  await boxOffice.settings.showPairingQr();
  await expect(
    page.getByRole('img', { name: 'Pairing QR' }).or(page.getByText('not available')),
  ).toBeVisible();
  await snap(page, 'settings');
});

test('settings: a PIN being set takes digits only, the kiosk attendant’s and a member’s reset', async ({
  boxOffice,
  page,
  server,
}) => {
  await boxOffice.go('Settings');
  const kiosk = page.getByRole('region', { name: 'Kiosks' });
  const attendantPin = kiosk.getByLabel('Attendant PIN');
  await attendantPin.fill('12a34');
  await expect(attendantPin).toHaveValue('1234');
  await kiosk.getByRole('button', { name: 'Set PIN' }).click();
  await expect(kiosk.getByRole('status')).toHaveText('PIN saved.');
  await expect(kiosk).toContainText('A PIN is set.');
  // Removing it stops every kiosk's card sales: it asks first, and keeping it changes nothing.
  await kiosk.getByRole('button', { name: 'Remove PIN…' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove the attendant PIN?' });
  await remove.getByRole('button', { name: 'Keep PIN' }).click();
  await expect(remove).toBeHidden();
  const settings = await server.api<{ kiosk_attendant_pin_set: boolean }>('GET', '/v2/settings');
  expect(settings.kiosk_attendant_pin_set).toBe(true);

  const staff = page.getByRole('region', { name: 'Staff', exact: true });
  const form = staff.getByRole('form', { name: 'Add staff' });
  await form.getByLabel('Name').fill('Rae');
  await form.getByLabel('Role').selectOption('door');
  await form.getByLabel('PIN').fill('1111');
  await form.getByRole('button', { name: 'Add staff' }).click();
  await expect(staff.getByRole('status')).toHaveText('Rae can now sign in at a till with their PIN.');

  await staff.locator('tr[data-staff="Rae"]').getByRole('button', { name: 'Reset PIN…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New PIN for Rae' });
  const newPin = dialog.getByLabel('New PIN');
  // The dialog opens on its field, not on its Close button: typing goes straight in.
  await expect(newPin).toBeFocused();
  await newPin.pressSequentially('98x76');
  await expect(newPin).toHaveValue('9876');
  await dialog.getByRole('button', { name: 'Set PIN' }).click();
  await expect(dialog).toBeHidden();
  // The server took the digits: the new PIN signs Rae in.
  const signedIn = await server.api<{ staff: { name: string } }>('POST', '/v2/staff/sign_in', {
    pin: '9876',
  });
  expect(signedIn.staff.name).toBe('Rae');
});

test('the offline banner appears when the server goes away', async ({ boxOffice, server, page }) => {
  await boxOffice.go('Orders');
  await expect(page.locator('.conn-online')).toBeVisible();
  await server.halt();
  await expect(page.getByRole('alert').filter({ hasText: 'Offline.' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.conn-offline')).toBeVisible();
  await snap(page, 'offline');
  // A search made while it is away fails; once the server is back the list comes back by itself.
  await page
    .getByRole('searchbox')
    .or(page.getByLabel(/search/i))
    .first()
    .press('Enter');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 15_000 });
  await server.resume();
  await expect(page.locator('.conn-online')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('No orders yet.')).toBeVisible();
});

test('the disk-full banner appears when the server cannot save, and goes once space is freed', async ({
  page,
}) => {
  const disk = mountSmallDisk(8 * 1024 * 1024);
  try {
    const server = await startVenueServer(30_000, {}, disk.dir);
    try {
      const boxOffice = new BoxOffice(page, server);
      await boxOffice.signIn();
      await boxOffice.go('Orders');
      await expect(page.locator('.conn-online')).toBeVisible();
      disk.fill(0);
      // Writes go on while they fit in the room the WAL file already has; keep writing
      // (bounded) until one is refused with 507. The next health poll (every 5 s) reports it.
      let refusal = '';
      for (let i = 0; i < 500 && !refusal; i++) {
        await server
          .api('POST', '/v2/events', {
            title: `Gig ${i} `.padEnd(200, 'x'),
            venue: 'Hall',
            doors_at: '2030-01-01T20:00:00Z',
          })
          .catch((err: Error) => (refusal = err.message));
      }
      expect(refusal).toMatch(/→ 507: .*insufficient_storage/);
      const banner = page.getByRole('alert').filter({ hasText: 'Disk full.' });
      await expect(banner).toBeVisible({ timeout: 15_000 });
      await expect(banner).toContainText(
        "The venue server's disk is full: sales and changes cannot be saved",
      );
      await expect(banner).toContainText('Free some space on the computer running the venue server');
      await expect(page.locator('.conn-full')).toHaveText('Disk full');
      await snap(page, 'disk-full');
      disk.free();
      await expect(banner).toHaveCount(0, { timeout: 20_000 });
      await expect(page.locator('.conn-online')).toBeVisible();
    } finally {
      await server.stop();
    }
  } finally {
    disk.unmount();
  }
});

test('the not-saving banner appears when the store file is deleted under the server, in its words', async ({
  boxOffice,
  server,
  page,
}) => {
  await boxOffice.go('Orders');
  await expect(page.locator('.conn-online')).toBeVisible();
  rmSync(join(server.dataDir, 'marquee.db'));
  // The server notices within a second and puts a copy back; the next health poll (5 s) says so.
  const banner = page.getByRole('alert').filter({ hasText: 'Not saving.' });
  await expect(banner).toContainText('A copy with every sale so far was put back', { timeout: 20_000 });
  await expect(banner).toContainText('restart the venue server to go on selling');
  await expect(page.locator('.conn-full')).toHaveText('Not saving');
  // A change tried now is refused in the same words, not as "something went wrong".
  await expect(
    server.api('POST', '/v2/events', { title: 'Late gig', venue: 'Hall', doors_at: '2030-01-01T20:00:00Z' }),
  ).rejects.toThrow(/→ 503: .*store_unavailable/);
});
