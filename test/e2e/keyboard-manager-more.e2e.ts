import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import type { BoxOffice } from './pages/box-office.js';
import { doorNight } from './support/door-night.js';
import { expectFocusNotLost, tabTo } from './support/keyboard.js';

/**
 * More of the manager's screens by keyboard alone (keyboard-manager.e2e.ts walks the rest): a
 * webhook's delivery log and the signing secret shown once, the event kinds' refusal, and the
 * Settings panels whose answers a screen reader must hear (backup, test mail, idle time, kiosk PIN,
 * a new API key).
 * Removing the kiosk PIN walks its confirmation both ways.
 */

interface Created {
  id: string;
}

/** A live region says what is written into it only if it was already on the page, empty. */
async function expectWaitingLiveRegion(region: Locator): Promise<void> {
  await expect(region).toHaveAttribute('role', 'status');
  await expect(region).toHaveText('');
}

async function soldShow(boxOffice: BoxOffice): Promise<void> {
  const { server } = boxOffice;
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Jazz Night',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [{ name: 'Standard', price_cents: 2500, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  await server.api('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]?.id, quantity: 1 }],
    payment_method: 'cash',
  });
}

test('a webhook by keyboard: Retry says what it did, the secret shown once takes the keyboard and gives it back, no kind ticked marks the group', async ({
  boxOffice,
}) => {
  const { page, server } = boxOffice;
  await server.api('POST', '/v2/webhook_endpoints', {
    url: 'http://127.0.0.1:9/ledger',
    events: ['*'],
    description: 'Ledger',
  });
  await soldShow(boxOffice);
  await page.goto(new URL('/webhooks', page.url()).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  // The delivery log: each Retry says which delivery, and its answer is read out.
  await tabTo(page, page.getByRole('button', { name: 'Delivery log Ledger' }));
  await page.keyboard.press('Enter');
  const log = page.getByRole('region', { name: /Delivery log/ });
  const retry = log.getByRole('button', { name: /^Retry order\.created of \d\d:\d\d:\d\d/ });
  await expect(retry).toHaveCount(1);
  await expectWaitingLiveRegion(log.getByTestId('delivery-note'));
  await tabTo(page, retry);
  await page.keyboard.press('Enter');
  await expect(log.getByRole('status')).toContainText('order.created');
  await expect(log.getByRole('status')).toContainText('is due again now');
  await expect(retry).toBeFocused();

  // Rotate: the new secret takes the keyboard; Copy says what it copies; done, back to Rotate.
  const rotate = page.getByRole('button', { name: 'Rotate secret… Ledger' });
  await tabTo(page, rotate);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await tabTo(page, confirm.getByRole('button', { name: 'Rotate secret', exact: true }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  const rotated = page.getByRole('region', { name: /^New signing secret for/ });
  await expect(rotated).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rotated.getByRole('button', { name: 'Copy signing secret' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rotated.getByRole('button', { name: 'I have saved it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rotated).toHaveCount(0);
  await expect(rotate).toBeFocused();

  // A new endpoint with no kind ticked: the group is marked, described, and its first box focused.
  const add = page.getByRole('button', { name: 'Add endpoint…' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await expect(dialog.getByLabel('Receiver URL')).toBeFocused();
  await page.keyboard.type('http://127.0.0.1:9/stock');
  const every = dialog.getByRole('checkbox', { name: /Every kind/ });
  await tabTo(page, every);
  await page.keyboard.press('Space');
  await expect(every).not.toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Add endpoint', exact: true }));
  await page.keyboard.press('Enter');
  const kinds = dialog.getByRole('group', { name: 'Events to send' });
  await expect(kinds).toHaveAttribute('aria-invalid', 'true');
  await expect(kinds).toHaveAccessibleDescription('Tick at least one kind, or every kind (*).');
  await expect(every).toBeFocused();
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Add endpoint', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const created = page.getByRole('region', { name: /^Signing secret of the new endpoint/ });
  await expect(created).toBeFocused();
  await tabTo(page, created.getByRole('button', { name: 'I have saved it' }));
  await page.keyboard.press('Enter');
  await expect(created).toHaveCount(0);
  await expect(add).toBeFocused();
});

test('Settings panels by keyboard: backup, test mail, idle time, kiosk PIN and a new key each say what happened and keep the keyboard', async ({
  boxOffice,
}) => {
  const { page } = boxOffice;
  await page.goto(new URL('/settings', page.url()).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Backup: the button keeps the keyboard while the copy is made, and where it went is read out.
  const backup = page.getByRole('region', { name: 'Backup' });
  const saveBackup = backup.getByRole('button', { name: 'Save a backup now' });
  await expectWaitingLiveRegion(backup.getByTestId('backup-outcome'));
  await tabTo(page, saveBackup);
  await page.keyboard.press('Enter');
  await expect(backup.getByTestId('backup-outcome')).toContainText('Backup saved');
  await expect(saveBackup).toBeFocused();

  // A refused backup folder takes the keyboard back, read with why.
  const folder = backup.getByLabel('Save backups in');
  await tabTo(page, folder);
  await page.keyboard.type('backups');
  await page.keyboard.press('Tab');
  await expect(backup.getByRole('button', { name: 'Change folder' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(folder).toBeFocused();
  await expect(folder).toHaveAttribute('aria-invalid', 'true');
  await expect(folder).toHaveAccessibleDescription(/full path/);

  // Test mail: a bad address takes the keyboard back; the answer's live region waits, empty.
  const mail = page.getByRole('region', { name: 'Mail' });
  const to = mail.getByLabel('Send a test mail to');
  await expectWaitingLiveRegion(mail.getByTestId('test-mail-state'));
  await tabTo(page, to);
  await page.keyboard.type('nobody');
  await page.keyboard.press('Enter');
  await expect(to).toBeFocused();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription(/\S/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('manager@example.com');
  await page.keyboard.press('Enter');
  // This server has no mail server: the refusal is an alert, and the keyboard stays to try again.
  await expect(mail.getByRole('alert')).toContainText('No mail server is set up');
  await expect(to).toBeFocused();

  // Idle time out of range: back to the field, with the range.
  const idle = page.getByLabel('Sign staff out after (minutes without use)');
  await tabTo(page, idle);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(idle).toBeFocused();
  await expect(idle).toHaveAttribute('aria-invalid', 'true');
  await expect(idle).toHaveAccessibleDescription('Give a whole number of minutes from 1 to 240.');

  // Kiosk PIN: too short is said (Enter did nothing), and Set PIN keeps the keyboard once saved.
  const kiosk = page.getByRole('region', { name: 'Kiosks' });
  const pin = kiosk.getByLabel('Attendant PIN');
  await tabTo(page, pin);
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAttribute('aria-invalid', 'true');
  await expect(pin).toHaveAccessibleDescription('Give a PIN of 4 to 8 digits.');
  await page.keyboard.type('34');
  await page.keyboard.press('Tab');
  const setPin = kiosk.getByRole('button', { name: 'Set PIN' });
  await expect(setPin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(kiosk.getByRole('status')).toHaveText('PIN saved.');
  await expect(kiosk.getByRole('button', { name: 'Change PIN' })).toBeFocused();

  // Remove PIN…: the safe choice has the keyboard; Esc and Keep PIN each give it back to the opener.
  const removePin = kiosk.getByRole('button', { name: 'Remove PIN…' });
  const askRemove = page.getByRole('dialog', { name: 'Remove the attendant PIN?' });
  await tabTo(page, removePin);
  await page.keyboard.press('Enter');
  await expect(askRemove.getByRole('button', { name: 'Keep PIN' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(askRemove).toHaveCount(0);
  await expect(removePin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(askRemove.getByRole('button', { name: 'Keep PIN' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(askRemove).toHaveCount(0);
  await expect(removePin).toBeFocused();
  await expect(kiosk).toContainText('A PIN is set.');
  // Removed by keyboard: the button is gone with the PIN, so the keyboard goes to the news, read out.
  await page.keyboard.press('Enter');
  await tabTo(page, askRemove.getByRole('button', { name: 'Remove PIN', exact: true }));
  await page.keyboard.press('Enter');
  await expect(askRemove).toHaveCount(0);
  await expect(kiosk.getByRole('status')).toHaveText('PIN removed: kiosks cannot take card payments.');
  await expect(kiosk).toContainText('No PIN is set yet');
  await expect(removePin).toHaveCount(0);
  await expect(kiosk.getByRole('status')).toBeFocused();
  await expectFocusNotLost(page);

  // A new key: an empty name takes the keyboard back; the secret then takes it, and gives it back.
  const keys = page.getByRole('region', { name: 'API keys' });
  const createKey = keys.getByRole('button', { name: 'Create key' });
  await tabTo(page, createKey);
  await page.keyboard.press('Enter');
  const keyName = keys.getByLabel('Name');
  await expect(keyName).toBeFocused();
  await expect(keyName).toHaveAttribute('aria-invalid', 'true');
  await expect(keyName).toHaveAccessibleDescription(/\S/);
  await page.keyboard.type('Bar till');
  await page.keyboard.press('Enter');
  const secret = keys.getByRole('region', { name: 'Secret of “Bar till”' });
  await expect(secret).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(secret.getByRole('button', { name: 'Copy secret of “Bar till”' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(secret).toHaveCount(0);
  await expect(createKey).toBeFocused();
  await expectFocusNotLost(page);
});

test('a guest checked in by keyboard at the box office: each step takes the keyboard, and what happened is read', async ({
  boxOffice,
}) => {
  const { page, server } = boxOffice;
  const night = await doorNight(server, ['General admission']);
  await night.sell('General admission', 'Gina Guestlist', 2);
  await page.goto(new URL(`/events/${night.eventId}`, page.url()).toString());
  const panel = page.getByRole('region', { name: 'Check in a guest' });
  const search = panel.getByLabel('Guest name or order id');
  await tabTo(page, search);
  await page.keyboard.type('uestli');
  const matches = panel.getByRole('list', { name: 'Guests found' }).getByRole('button');
  await expect(matches).toHaveCount(2);

  // Picking a guest takes the list away: the keyboard goes to the first reason, not the page.
  await page.keyboard.press('Tab');
  await expect(matches.first()).toBeFocused();
  await page.keyboard.press('Enter');
  const form = panel.getByRole('form', { name: 'Admit by hand' });
  await expect(form.getByRole('button').first()).toBeFocused();
  // Back goes to the search, where the guest can be looked for again.
  await tabTo(page, form.getByRole('button', { name: 'Back' }));
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(search).toBeFocused();

  await tabTo(page, matches.first());
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByRole('button', { name: 'Guest list', exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: 'Admit', exact: true }));
  await page.keyboard.press('Enter');
  const admitted = panel.locator('[data-result="admitted"]');
  await expect(admitted).toContainText('Admitted: Gina Guestlist');
  await expect(admitted).toBeFocused();

  await tabTo(page, admitted.getByRole('button', { name: 'Admit the other 1 of this order' }));
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status').filter({ hasText: 'Admitted 1 more of this order.' })).toBeFocused();
});

test('Audit by keyboard: Show says how many changes it found', async ({ boxOffice }) => {
  const { page } = boxOffice;
  await soldShow(boxOffice);
  await page.goto(new URL('/audit', page.url()).toString());
  const count = page.getByTestId('audit-count');
  await expect(count).toHaveAttribute('role', 'status');
  await expect(count).toHaveText(/^\d+ changes? shown\.$/);
  const objectId = page.getByLabel('Object id');
  await tabTo(page, objectId);
  await page.keyboard.type('ord_nobody');
  // Since is a date field: Tab walks its parts on the way to Show.
  await tabTo(page, page.getByRole('button', { name: 'Show' }));
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('Nothing was changed that matches.');
  await expect(page.getByRole('button', { name: 'Show' })).toBeFocused();
});
