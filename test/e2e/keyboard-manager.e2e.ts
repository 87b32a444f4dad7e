import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import type { BoxOffice } from './pages/box-office.js';
import { expectFocusNotLost, focusAtBody, tabTo } from './support/keyboard.js';

/**
 * The manager's screens by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape): the event and
 * tier editors, Settings, Payouts, Webhooks, Reports and Audit. The till, door, kiosk, wallet and
 * event page are walked in keyboard-sale.e2e.ts and screen-reader.e2e.ts.
 */

interface Created {
  id: string;
}

// A date field's calendar button is inside the field, where :focus does not reach it.
const focused = (page: Page): Locator => page.locator(':focus, input:focus-within').first();

/**
 * Tabs from the skip link through the whole screen, to where the browser hands focus back to the
 * page: each stop must have a name a screen reader says and a focus ring a sighted person sees.
 * Answers the names, in Tab order. `ready` is only on this screen; where the heading shows before
 * what the walk looks for (Settings' Venue name waits for the venue's settings), it names that.
 */
async function walkScreen(page: Page, path: string, ready: Locator): Promise<string[]> {
  await page.goto(new URL(path, page.url()).toString());
  await expect(ready).toBeVisible();
  // The screen's panels load after it is drawn: a walk begun while one loads passes its stops by.
  await expect(page.getByRole('main').locator('.state-loading')).toHaveCount(0);
  const names: string[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate<boolean>(focusAtBody)) return names;
    const stop = focused(page);
    await expect(stop).toHaveAccessibleName(/\S/);
    // The name as the accessibility tree has it: `- textbox "Venue name"`.
    const snapshot = await stop.ariaSnapshot();
    const name = /"([^"]*)"/.exec(snapshot)?.[1] ?? snapshot;
    const ring = await stop.evaluate((el) => {
      const style = el.ownerDocument.defaultView?.getComputedStyle(el);
      return style?.outlineStyle !== 'none' && parseFloat(style?.outlineWidth ?? '0') >= 2;
    });
    expect(ring, `no focus ring on ${name}`).toBe(true);
    names.push(name);
  }
  throw new Error('Tab never left the screen');
}

async function publishedShow(boxOffice: BoxOffice, title = 'Jazz Night'): Promise<string> {
  const event = await boxOffice.server.api<Created>('POST', '/v2/events', {
    title,
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [{ name: 'Standard', price_cents: 2500, quantity: 50 }],
  });
  await boxOffice.server.api('POST', `/v2/events/${event.id}/publish`);
  return event.id;
}

test('the first Tab stop skips the header: Enter puts the keyboard on the screen, and the next Tab on its first control', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  await boxOffice.go('Events & tiers');
  // A fresh load: Tab starts from the top of the page.
  await page.reload();
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  // A person presses Tab once the screen is there: before the app has drawn it, a Tab has no
  // link to land on.
  await expect(page.getByRole('heading', { name: 'Events & tiers' })).toBeVisible();
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const main = page.getByRole('main', { name: 'Events & tiers' });
  await expect(main).toBeFocused();
  // The address stays the screen's: a reload lands on it, not on "#main".
  expect(new URL(page.url()).hash).toBe('');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'New event' })).toBeFocused();
  // Shift+Tab goes back up into the header, as expected of a page.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();
});

test('a new event by keyboard: a refused field takes the keyboard with its message, and Create event lands on the new event’s heading', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  await boxOffice.go('Events & tiers');
  await tabTo(page, page.getByRole('link', { name: 'New event' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Event' });
  const title = form.getByLabel('Title');
  await expect(title).toBeFocused();

  // Enter with nothing typed: the refusal is said, and the keyboard is on what to fix.
  await tabTo(page, form.getByRole('button', { name: 'Create event' }));
  await page.keyboard.press('Enter');
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(/\S/);
  await expect(form.getByRole('alert').first()).toBeVisible();

  await page.keyboard.type('Blue Room Live');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Venue')).toBeFocused();
  await form.getByLabel('Doors open').fill('2026-12-24T19:00');
  await page.keyboard.press('Enter');

  // The button went away with the form: the keyboard is on the new event's heading, not the body.
  const heading = page.getByRole('heading', { level: 1, name: /Blue Room Live/ });
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(/\/events\/evt_/);
});

test('tiers by keyboard: add, edit and delete each say which tier, and the keyboard lands somewhere that says what happened', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  const event = await boxOffice.server.api<Created>('POST', '/v2/events', {
    title: 'Tier Night',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [{ name: 'Standard', price_cents: 2500, quantity: 50 }],
  });
  // The list was read at sign-in, before this event existed.
  await page.reload();
  await tabTo(page, page.getByRole('button', { name: 'Drafts' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('link', { name: 'Tier Night' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Tier Night/ })).toBeFocused();

  // Add: Enter opens the editor on its first field; an empty Name is refused on that field.
  const addTier = page.getByRole('button', { name: 'Add tier' });
  await tabTo(page, addTier);
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'New tier' });
  const name = editor.getByLabel('Name', { exact: true });
  await expect(name).toBeFocused();
  await tabTo(page, editor.getByRole('button', { name: 'Add tier' }));
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/\S/);
  await page.keyboard.type('Balcony');
  await page.keyboard.press('Tab');
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect(addTier).toBeFocused();

  // Each row's buttons say their tier: "Edit" alone, read out of a list of rows, says which?
  const editBalcony = page.getByRole('button', { name: 'Edit Balcony' });
  await expect(page.getByRole('button', { name: 'Edit Standard' })).toBeVisible();
  await tabTo(page, editBalcony);
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit tier Balcony' });
  await expect(edit.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(editBalcony).toBeFocused();

  // Delete: the safe choice first; once the row is gone, the keyboard is in the Tiers panel.
  await tabTo(page, page.getByRole('button', { name: 'Delete Balcony' }));
  await page.keyboard.press('Space');
  const confirm = page.getByRole('dialog', { name: 'Delete tier Balcony?' });
  await expect(confirm.getByRole('button', { name: /Keep/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete tier' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.locator('tr[data-tier="Balcony"]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Tiers' })).toBeFocused();

  // Publish goes away once done: the keyboard goes to the heading, which now says "published".
  await tabTo(page, page.getByRole('button', { name: 'Publish' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Tier Night.*published/ })).toBeFocused();
  await expectFocusNotLost(page);
  expect(event.id).toMatch(/^evt_/);
});

test('Settings by keyboard: every stop named and ringed, row buttons say whose, a refused field takes the keyboard', async ({
  boxOffice,
}) => {
  const { page, server } = boxOffice;
  await server.api('POST', '/v2/staff', { name: 'Rae', role: 'seller', pin: '2468' });
  await server.api('POST', '/v2/api_keys', { name: 'Lobby till', scope: 'box_office' });
  // Drawn once the venue's settings are read; the heading shows first, perhaps before any loader.
  const names = await walkScreen(page, '/settings', page.getByLabel('Venue name'));
  expect(names[0]).toBe('Skip to main content');
  expect(names).toContain('Venue name');
  expect(names).toContain('Create key');

  // Read out of a table, "Revoke…" alone does not say which key.
  await expect(page.getByRole('button', { name: 'Revoke… Lobby till' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset PIN… of Rae' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate… Rae' })).toBeVisible();

  // Save with the venue's name cleared: the keyboard goes back to the name, with why.
  const venueName = page.getByLabel('Venue name');
  await tabTo(page, venueName);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(venueName).toBeFocused();
  await expect(venueName).toHaveAccessibleDescription(/Give the venue a name/);

  // A PIN the server refuses: the keyboard goes back to it, its message read with it.
  const addStaff = page.getByRole('form', { name: 'Add staff' });
  await tabTo(page, addStaff.getByLabel('Name'));
  await page.keyboard.type('Ann');
  await tabTo(page, addStaff.getByLabel('PIN'));
  await page.keyboard.type('12');
  await tabTo(page, addStaff.getByRole('button', { name: 'Add staff' }));
  await page.keyboard.press('Enter');
  const pin = addStaff.getByLabel('PIN');
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAttribute('aria-invalid', 'true');
  await expect(pin).toHaveAccessibleDescription(/\S/);

  // Done takes the pairing QR away: the keyboard goes back to the button that shows one.
  const showQr = page.getByRole('button', { name: 'Show pairing QR' });
  await tabTo(page, showQr);
  await page.keyboard.press('Enter');
  const done = page.getByRole('button', { name: 'Done' });
  await tabTo(page, done);
  await page.keyboard.press('Enter');
  await expect(done).toHaveCount(0);
  await expect(showQr).toBeFocused();

  // Revoke by keyboard: Enter opens, Cancel first, Tab to the action; the row's button is gone after.
  await tabTo(page, page.getByRole('button', { name: 'Revoke… Lobby till' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: /Cancel|Keep/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Revoke… Lobby till' })).toHaveCount(0);
  await expectFocusNotLost(page);
});

test('Payouts by keyboard: Settle with no event puts the keyboard on the event list, Mark paid lands on what it did', async ({
  boxOffice,
}) => {
  const { page, server } = boxOffice;
  const eventId = await publishedShow(boxOffice);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${eventId}/tiers`);
  await server.api('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tiers.data[0]?.id, quantity: 2 }],
    payment_method: 'cash',
  });
  const heading = page.getByRole('heading', { level: 1, name: 'Payouts' });
  const names = await walkScreen(page, '/payouts', heading);
  expect(names).toEqual(expect.arrayContaining(['Event', 'Settle net sales']));

  const settle = page.getByRole('button', { name: 'Settle net sales' });
  await tabTo(page, settle);
  await page.keyboard.press('Enter');
  const event = page.getByRole('combobox', { name: 'Event' });
  await expect(event).toBeFocused();
  await expect(event).toHaveAttribute('aria-invalid', 'true');
  await expect(event).toHaveAccessibleDescription('Choose the event to settle.');
  await event.selectOption(eventId);
  await expect(event).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await expect(settle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Payout of $50.00 for Jazz Night created');

  const markPaid = page.getByRole('button', { name: 'Mark paid $50.00 for Jazz Night' });
  await tabTo(page, markPaid);
  await page.keyboard.press('Enter');
  await expect(markPaid).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'marked paid' })).toBeFocused();
});

test('Webhooks by keyboard: every stop named and ringed, row buttons say which receiver, a dialog gives the keyboard back', async ({
  boxOffice,
}) => {
  const { page, server } = boxOffice;
  await server.api('POST', '/v2/webhook_endpoints', {
    url: 'http://127.0.0.1:9/ledger',
    events: ['*'],
    description: 'Ledger',
  });
  const heading = page.getByRole('heading', { level: 1, name: 'Webhooks' });
  const names = await walkScreen(page, '/webhooks', heading);
  expect(names).toContain('Add endpoint…');

  // A URL the server refuses, sent from the dialog's button: the keyboard goes back to the URL.
  await tabTo(page, page.getByRole('button', { name: 'Add endpoint…' }));
  await page.keyboard.press('Enter');
  const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  const receiver = add.getByLabel('Receiver URL');
  await expect(receiver).toBeFocused();
  await page.keyboard.type('ftp://127.0.0.1/hook');
  await tabTo(page, add.getByRole('button', { name: 'Add endpoint', exact: true }));
  await page.keyboard.press('Enter');
  await expect(receiver).toBeFocused();
  await expect(receiver).toHaveAttribute('aria-invalid', 'true');
  await expect(receiver).toHaveAccessibleDescription(/\S/);
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  // ✓ and ✗ are said as words.
  const row = page.locator('tr[data-endpoint="http://127.0.0.1:9/ledger"]');
  await expect(row.getByText('Last success:', { exact: true })).toHaveCount(1);
  await expect(row.getByText('Last failure:', { exact: true })).toHaveCount(1);
  const edit = page.getByRole('button', { name: 'Edit… Ledger' });
  await expect(page.getByRole('button', { name: 'Delete… Ledger' })).toBeVisible();
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Delete… Ledger' }));
  await page.keyboard.press('Enter');
  // Cancel takes the keyboard first; a Tab pressed before it has would land elsewhere.
  await expect(dialog.getByRole('button', { name: /Cancel/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expectFocusNotLost(page);
});

test('Reports and Audit by keyboard: every stop named and ringed', async ({ boxOffice }) => {
  const { page } = boxOffice;
  await publishedShow(boxOffice);
  const reports = await walkScreen(
    page,
    '/reports',
    page.getByRole('heading', { level: 1, name: 'Reports' }),
  );
  expect(reports).toEqual(expect.arrayContaining(['Takings by month', 'Event']));
  const takings = await walkScreen(
    page,
    '/reports/takings',
    page.getByRole('heading', { level: 1, name: 'Takings' }),
  );
  expect(takings.length).toBeGreaterThan(12);
  const audit = await walkScreen(page, '/audit', page.getByRole('heading', { level: 1, name: 'Audit' }));
  expect(audit).toEqual(expect.arrayContaining(['Person', 'Object id', 'Show']));
});

test('cancelling an event by keyboard: the safe choice first, and the keyboard lands on what was done', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  const eventId = await publishedShow(boxOffice, 'Storm Night');
  await page.goto(new URL(`/events/${eventId}`, page.url()).toString());
  const cancelEvent = page.getByRole('button', { name: 'Cancel event…' });
  await tabTo(page, cancelEvent);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectFocusNotLost(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancelEvent).toBeFocused();

  await page.keyboard.press('Enter');
  const confirm = dialog.getByRole('button', { name: /^Cancel (the )?event/ });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(cancelEvent).toHaveCount(0);
  await expect(page.getByTestId('event-notice')).toBeFocused();
});
