import { expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';
import { tabTo } from './support/keyboard.js';
import { snap } from './support/screenshots.js';

interface Created {
  id: string;
}

test('a sale made with the keyboard alone', async ({ boxOffice, server }) => {
  const { page } = boxOffice;
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Keyboard Night',
    venue: 'Studio',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [
      { name: 'Standing', price_cents: 1250, quantity: 50 },
      { name: 'Sold out seats', price_cents: 3000, quantity: 0 },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);

  // Navigation by key: S opens Sell; the only published event opens by itself.
  await page.keyboard.press('s');
  await expect(page).toHaveURL(new RegExp(`/sell/${event.id}$`));
  const standing = page.locator('button.tile[data-tier="Standing"]');
  await expect(standing).toContainText('50 left of 50');
  await expect(page.locator('button.tile[data-tier="Sold out seats"]')).toBeDisabled();
  await expect(page.locator('button.tile[data-tier="Sold out seats"]')).toContainText('Sold out');

  // 2 picks the sold-out tile: refused, with the reason.
  await page.keyboard.press('2');
  await expect(page.getByRole('status').filter({ hasText: 'Sold out seats: Sold out.' })).toBeVisible();

  // 1 picks Standing; the quantity field has the keyboard.
  await page.keyboard.press('1');
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toBeFocused();
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');

  // Payment: Cash is selected and focused; Enter moves to the tendered amount.
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cash tendered')).toBeFocused();
  await page.keyboard.type('60');
  await expect(page.getByTestId('change-due')).toHaveText('$10.00');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByTestId('done-change')).toHaveText('$10.00');
  await expect(page.locator('.ticket-card')).toHaveCount(4);
  await snap(page, 'keyboard-sale-done');

  // N starts the next sale, and the till shows the server's new count.
  await expect(page.getByRole('button', { name: /^New sale/ })).toBeFocused();
  // Focused as the sale completes, New sale is described by the sale: a screen reader says the
  // sale is done and the change due first, not only the button's name, and not the long order id.
  await expect(page.getByRole('button', { name: /^New sale/ })).toHaveAccessibleDescription(
    'Sale complete. Change due $10.00. 4 tickets, Cash, total $50.00, tendered $60.00.',
  );
  await page.keyboard.press('n');
  await expect(standing).toContainText('46 left of 50');

  const orders = await server.api<{
    data: { total_cents: number; payment_method: string; buyer: unknown }[];
  }>('GET', `/v2/orders?event_id=${event.id}`);
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]).toMatchObject({ total_cents: 5000, payment_method: 'cash', buyer: null });
});

test('a screen opened by its key has the keyboard on its heading, so the next Tab goes on from there', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events & tiers' })).toBeFocused();
  await page.keyboard.press('r');
  await expect(page).toHaveURL(/\/reports$/);
  const reports = page.getByRole('heading', { level: 1, name: 'Reports' });
  await expect(reports).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(reports).not.toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Screens' }).locator(':focus')).toHaveCount(0);
});

test('every stop of a date field shows the focus ring, its calendar button too', async ({ boxOffice }) => {
  const { page } = boxOffice;
  await page.keyboard.press('o');
  const day = page.getByLabel('Day', { exact: true });
  await day.focus();
  // The date's parts and its calendar button are stops of one field: the field shows the ring at each.
  const rings: string[] = [];
  for (let stop = 0; stop < 6; stop++) {
    // A string: the e2e tests are type-checked without the DOM library.
    const ring = await page.evaluate<string>(`(() => {
      const field = document.querySelector('input[type="date"]');
      return field === document.activeElement ? getComputedStyle(field).outlineStyle : 'left';
    })()`);
    if (ring === 'left') break;
    rings.push(ring);
    await page.keyboard.press('Tab');
  }
  expect(rings.length).toBeGreaterThan(1);
  expect(
    rings.every((ring) => ring === 'solid'),
    rings.join(', '),
  ).toBe(true);
});

test('a comp by keyboard: Enter goes to the guest’s name, Esc goes back, both asked in words', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Guest List Night',
    venue: 'Studio',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [{ name: 'Standing', price_cents: 1250, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);

  await page.keyboard.press('s');
  await expect(page).toHaveURL(new RegExp(`/sell/${event.id}$`));
  await expect(page.locator('button.tile[data-tier="Standing"]')).toContainText('50 left of 50');
  await page.keyboard.press('1');
  await expect(page.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');

  // A comp asks for its guest and its reason; Enter on the choice moves to the guest's name.
  const comp = page.getByRole('radio', { name: 'Comp (free)' });
  await comp.check();
  await comp.press('Enter');
  const guest = page.getByLabel('Guest name');
  await expect(guest).toBeFocused();
  await expect(page.getByLabel('Buyer name')).toHaveCount(0);

  // Esc from the field goes back to the quantity, as everywhere in the till.
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Comp (free)' }).check();

  // Completing with both empty says what is missing, beside each field.
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByText('Say who the free tickets are for.')).toBeVisible();
  await expect(page.getByText('Say why these tickets are free.')).toBeVisible();

  await page.getByLabel('Guest name').fill('Pat Press');
  await page.getByLabel('Why free').fill('Press list');
  await page.getByLabel('Why free').press('Enter');
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();

  const orders = await server.api<{
    data: { total_cents: number; payment_method: string; comp_reason: string | null; buyer: unknown }[];
  }>('GET', `/v2/orders?event_id=${event.id}`);
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]).toMatchObject({
    total_cents: 0,
    payment_method: 'comp',
    comp_reason: 'Press list',
    buyer: { name: 'Pat Press' },
  });
});

/**
 * A seller at a busy till who never touches the mouse: every step leaves the keyboard on what
 * comes next (never on the page itself, where Tab would start again at the nav), dialogs give it
 * back to what opened them, Esc goes back a step, and the focus ring shows where it is.
 */
test('a night at the till by keyboard alone: PIN, shift, sale, refund and the close, focus on each next step', async ({
  server,
  page,
}) => {
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Busy Night',
    venue: 'Studio',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [
      { name: 'Standing', price_cents: 1250, quantity: 50 },
      { name: 'Balcony', price_cents: 2000, quantity: 20 },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const tillKey = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  const login = new LoginPage(page, server.url);
  const staff = new TillStaffPage(page);
  const focused = page.locator(':focus');
  const standing = page.getByRole('button', { name: /^Standing \$12\.50 \d+ left of 50 On sale$/ });

  await test.step('the key, then the PIN: Space or Enter presses a keypad button Tabbed to, Enter after typed digits signs in', async () => {
    await login.open('/sell');
    await login.signIn(tillKey.secret);
    // The keypad is the page's main landmark, named by its heading.
    await expect(
      page.getByRole('main', { name: 'Sign in with your PIN' }).getByRole('group', { name: 'PIN keypad' }),
    ).toBeVisible();
    await tabTo(page, staff.keypad().getByRole('button', { name: '2', exact: true }));
    await page.keyboard.press('Space');
    // Heard as words (a live region reads its content), never the digit.
    await expect(page.getByLabel('1 digit typed')).toHaveText(/1 digit typed/);
    // Enter on the focused key presses that key, as Space does: it does not sign in.
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('2 digits typed')).toBeVisible();
    await expect(staff.keypad().getByRole('button', { name: '2', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('0 digits typed')).toBeVisible();
    // Digits typed with a key focused still count, and Enter right after a typed digit signs in
    // (a seller who touched one key and typed the rest), not one more press of the focused key.
    await page.keyboard.type('2468');
    await expect(page.getByLabel('4 digits typed')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(staff.signedIn()).toContainText('Maria · manager');
  });

  await test.step('H opens the Shift screen; the float typed and Enter leave the keyboard on the open shift', async () => {
    await page.keyboard.press('h');
    await expect(page.getByLabel('Float in the drawer')).toBeFocused();
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Shift open since/ })).toBeFocused();
  });

  let orderId = '';
  await test.step('S opens the till on its first tile; a sale; N leaves the keyboard on the tiles again', async () => {
    await page.keyboard.press('s');
    await expect(page).toHaveURL(new RegExp(`/sell/${event.id}$`));
    // The tile's name is what a seller would say: tier, price, what is left, whether it sells.
    await expect(standing).toBeFocused();
    await expect(standing).toHaveAccessibleName('Standing $12.50 50 left of 50 On sale');
    await expect(focused).toHaveCSS('outline-style', 'solid');
    // Tab follows the screen: the next tile, then back.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^Balcony/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Quantity')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Cash' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Cash tendered')).toBeFocused();
    const sale = page.getByRole('region', { name: 'Sale' });
    await expect(sale).toContainText('Total $12.50');
    await expect(sale.getByRole('group', { name: 'Quick amounts' }).getByRole('button')).toHaveText([
      '$12.50',
      '$15.00',
      '$20.00',
      '$50.00',
      '$100.00',
    ]);
    await page.keyboard.type('20');
    await expect(page.getByTestId('change-due')).toHaveText('$7.50');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^New sale/ })).toBeFocused();
    orderId = (await page.locator('.done-summary code').first().textContent()) ?? '';
    expect(orderId).toMatch(/^ord_/);
    // Email… with no address asks for one in words, on the field; Esc gives the keyboard back.
    const emailButton = page.getByRole('button', { name: 'Email…' });
    await tabTo(page, emailButton);
    await page.keyboard.press('Enter');
    const emailDialog = page.getByRole('dialog', { name: 'Email the tickets' });
    await expect(emailDialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(emailDialog.getByRole('alert')).toHaveText('Type the address to send the tickets to.');
    await expect(emailDialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(emailDialog).toBeHidden();
    await expect(emailButton).toBeFocused();
    await page.keyboard.press('n');
    await expect(page.getByRole('button', { name: /^Standing .* 49 left of 50/ })).toBeFocused();
    await expect(focused).toHaveCSS('outline-style', 'solid');
    // A card sale completed without its buyer: the keyboard goes to the first field to fill.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: /^Complete sale/ }));
    await page.keyboard.press('Enter');
    const buyerName = page.getByLabel('Buyer name');
    await expect(buyerName).toBeFocused();
    await expect(buyerName).toHaveAccessibleDescription(/need the buyer’s name/);
    await page.keyboard.type('Ada Card');
    // Enter with the name alone: the email, still missing, takes the keyboard.
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Buyer email')).toBeFocused();
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    await page.keyboard.press('n');
    await expect(page.getByRole('button', { name: /^Standing .* 48 left of 50/ })).toBeFocused();
  });

  await test.step('a refund: the dialog opens on its first choice, Esc gives the keyboard back to Refund…', async () => {
    await page.keyboard.press('o');
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused();
    await page.keyboard.type(orderId);
    await page.keyboard.press('Enter');
    const refund = page.getByRole('button', { name: 'Refund…' });
    await tabTo(page, refund);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Refund order ${orderId}` });
    await expect(dialog.getByRole('radio', { name: /^Everything left/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(refund).toBeFocused();
    // Part of it, with no amount: the Refund button hands the keyboard to the amount to type.
    await page.keyboard.press('Enter');
    // The arrow moves from the choice the dialog focuses once open, not before it is.
    await expect(dialog.getByRole('radio', { name: /^Everything left/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Part of it' })).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Refund', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Amount')).toBeFocused();
    await expect(dialog.getByRole('alert')).toHaveText('Enter an amount like 25.00.');
    await page.keyboard.press('Escape');
    await expect(refund).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Refund', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // Refund… is now disabled (nothing left): the keyboard goes to the news beside it.
    await expect(focused).toHaveText('Refunded $12.50.');
  });

  await test.step('the close: Esc cancels back to Close shift…, the confirm and the Z report each take the keyboard', async () => {
    await page.keyboard.press('h');
    await expect(page.getByRole('heading', { name: /^Shift open since/ })).toBeFocused();
    const closeShift = page.getByRole('button', { name: 'Close shift…' });
    await tabTo(page, closeShift);
    await page.keyboard.press('Enter');
    const counted = page.getByLabel('Cash counted in the drawer');
    await expect(counted).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(counted).toHaveCount(0);
    await expect(closeShift).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(counted).toBeFocused();
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('region', { name: 'Close the shift' });
    await expect(confirm).toBeFocused();
    await expect(confirm).toContainText('You counted $100.00');
    // Esc: count again, the field back with the keyboard.
    await page.keyboard.press('Escape');
    await expect(counted).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Count again' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Close shift', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const z = page.getByRole('region', { name: /^Z report/ });
    await expect(z).toBeFocused();
    await expect(z.getByTestId('figure-Over/short')).toHaveText('$0.00');
  });
});
