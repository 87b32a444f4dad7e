import { expect, test } from './fixtures.js';
import { ShiftPage } from './pages/shift-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';
import { openStaffTill, signInTill, staffNight } from './support/staff-till.js';
import { dollarEvent } from './support/till-night.js';

/**
 * A manager setting up a new venue from the admin key. A shift names who opened and closed it, so
 * opening one asks for a staff member's PIN, even here, where nothing else does.
 */
test('a manager with no PIN of their own who asks to open a shift gets back from the keypad', async ({
  boxOffice,
  server,
}) => {
  await server.api('POST', '/v2/staff', { name: 'Sam', role: 'seller', pin: '1357' });
  const page = boxOffice.page;
  const keypad = new TillStaffPage(page).keypad();
  await boxOffice.go('Shift');
  await page.getByRole('button', { name: 'Sign in to open a shift' }).click();
  await expect(keypad).toBeVisible();

  // The owner is not on the staff list: no PIN of theirs opens anything. They were held at the
  // keypad with no way back but closing the tab (and pasting the admin key again).
  await page.getByRole('button', { name: 'Back without a PIN' }).click();
  await expect(keypad).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Shift', exact: true })).toBeVisible();
  await boxOffice.go('Sell');
});

test('a box office till keeps its keypad: only the admin desk has the way back', async ({
  browser,
  server,
}) => {
  const { tillKey } = await staffNight(server, 'Till Night');
  await server.api('POST', '/v2/staff', { name: 'Sam', role: 'seller', pin: '1357' });
  const { context, till, staff } = await openStaffTill(browser);
  await signInTill(till, server, tillKey.secret);
  await expect(staff.keypad()).toBeVisible();
  await expect(till.getByRole('button', { name: 'Back without a PIN' })).toHaveCount(0);
  await context.close();
});

test('a new venue’s Shift screen says staff come first, and where to add them', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  await boxOffice.go('Shift');
  // Open shift was offered here with no staff at all: it brought up a keypad no PIN opened.
  await expect(page.getByRole('heading', { name: 'No one can open a shift yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open shift' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('region', { name: 'Staff' })).toBeVisible();

  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  await boxOffice.go('Shift');
  await expect(page.getByText('so opening one asks for your staff PIN')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to open a shift' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No one can open a shift yet' })).toHaveCount(0);
});

test('the manager’s desk asks for the PIN before the float and the count, not after them', async ({
  boxOffice,
  server,
}) => {
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const page = boxOffice.page;
  const staff = new TillStaffPage(page);
  const shift = new ShiftPage(page);
  await boxOffice.go('Shift');
  // The float form was offered first; Open shift then brought up the keypad, and the float typed
  // was gone when the Shift screen came back. So was the blind count, on Close shift.
  await page.getByRole('button', { name: 'Sign in to open a shift' }).click();
  await staff.tapPin('2468');
  await shift.open('100');
  await staff.signedIn().getByRole('button', { name: 'Sign out Maria' }).click();
  // Signed out, the admin desk is back on its screens at once: it showed the keypad or not by
  // when it had last asked the server whether this key needs a PIN. (Signed out first: the
  // sign-out asks the server before it clears Maria, and until then her screen is still up.)
  await expect(staff.signedIn()).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Shift open/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back without a PIN' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close shift…' }).click();
  await staff.tapPin('2468');
  await shift.closeWithCount('100');
});

test('a venue that sells in euros gets euros on its next new event, not dollars', async ({
  boxOffice,
  server,
}) => {
  await server.api('POST', '/v2/events', {
    title: 'Winter Jazz Night',
    venue: 'The Blue Lantern',
    doors_at: '2026-12-24T19:00:00Z',
    currency: 'eur',
  });
  const page = boxOffice.page;
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'New event' }).click();
  // Every new event started in usd: a euro venue's second show was easily sold in dollars.
  await expect(page.getByRole('form', { name: 'Event' }).getByLabel('Currency')).toHaveValue('eur');
});

test('the first event’s currency typed as “€” is taken as euros; “$” asks for the letters in words', async ({
  boxOffice,
}) => {
  const page = boxOffice.page;
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'New event' }).click();
  const form = page.getByRole('form', { name: 'Event' });
  await form.getByLabel('Title').fill('Winter Jazz Night');
  await form.getByLabel('Doors open').fill('2026-12-24T19:00');
  const currency = form.getByLabel('Currency');
  await currency.fill('$');
  await form.getByRole('button', { name: 'Create event' }).click();
  // It said "'$' is not an ISO 4217 currency code", and refused "€" the same way.
  await expect(form.getByText("'$' is not a currency code: type the currency's three letters")).toBeVisible();
  await currency.fill('€');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Winter Jazz Night');
  await expect(page.getByRole('form', { name: 'Event' }).getByLabel('Currency')).toHaveValue('eur');
});

test('a new venue’s cash sale does not send the seller to open a shift no one can open', async ({
  boxOffice,
  server,
}) => {
  await dollarEvent(server, {
    title: 'First Night',
    doors_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const page = boxOffice.page;
  await boxOffice.go('Sell');
  await boxOffice.sell.pickTier('General admission');
  await boxOffice.sell.enterQuantity(1);
  await page.getByRole('radio', { name: 'Cash' }).check();
  await expect(page.getByLabel('Cash tendered')).toBeVisible();
  // The no-shift warning is for a till where a signed-in member could open one; here no one can.
  await expect(page.getByTestId('no-shift-cash')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Open a shift first');
});
