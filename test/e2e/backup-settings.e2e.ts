import Database from 'better-sqlite3';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test as base } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { startVenueServer, type VenueServer } from './support/venue-server.js';

/** An event on sale with one tier; answers a function that sells one cash ticket on it. */
async function onSale(server: VenueServer): Promise<() => Promise<unknown>> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Backup Night',
    venue: 'Main hall',
    doors_at: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
    tickets: [{ name: 'Stalls', price_cents: 2000, quantity: 500 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  return () =>
    server.api('POST', '/v2/orders', {
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      payment_method: 'cash',
      buyer: { name: 'Grace Hopper' },
    });
}

/**
 * The venue manager, who has no terminal, saves a backup from Settings while a till sells: the
 * button says it is working, then where the copy went and what it holds; the list shows it; the
 * copy opens with the sales. A folder that cannot take backups is refused in words.
 */
base('Settings › Backup: a manager saves a backup while the box office sells', async ({ page }) => {
  base.setTimeout(120_000);
  // The data folder one level down, so the default backup folder beside it is this test's own.
  const root = mkdtempSync(join(tmpdir(), 'marquee-e2e-backup-'));
  const dataDir = join(root, 'venue-data');
  mkdirSync(dataDir);
  const server = await startVenueServer(30_000, {}, dataDir);
  try {
    const sell = await onSale(server);
    for (let i = 0; i < 3; i++) await sell();
    const box = new BoxOffice(page, server);
    await box.signIn();
    await box.go('Settings');
    const panel = page.getByRole('region', { name: 'Backup' });
    const defaultFolder = join(root, 'marquee-backups');
    let savedPath = '';

    await base.step('the panel names the folder and has no backup yet', async () => {
      await expect(panel).toContainText(`Backups go to ${defaultFolder}`);
      await expect(panel).toContainText('No backup of this venue in this folder yet.');
      // How to go back to one, in the words docs/api.md "Restoring a backup on this computer" uses.
      await expect(panel).toContainText('move its data folder aside');
      await expect(panel).toContainText('Never copy a backup over the data folder.');
      // The backup after each shift close: on by default, none tried yet.
      await expect(panel.getByLabel('Save a backup after each shift close')).toBeChecked();
      await expect(panel).toContainText(
        'A backup is saved after each shift close. No automatic backup yet: the first is saved when a shift closes.',
      );
    });

    await base.step('a relative folder is refused in words', async () => {
      await panel.getByLabel('Save backups in').fill('backups');
      await panel.getByRole('button', { name: 'Change folder' }).click();
      await expect(panel).toContainText('must be a full path');
      await expect(panel).toContainText(`Backups go to ${defaultFolder}`);
    });

    await base.step('saving while sales go on: progress, then where it went', async () => {
      const selling = Array.from({ length: 10 }, () => sell());
      await panel.getByRole('button', { name: 'Save a backup now' }).click();
      const saved = panel.getByRole('status').filter({ hasText: 'Backup saved' });
      await expect(saved).toContainText(`in ${defaultFolder}/marquee-backup-`);
      await expect(saved).toContainText(/It holds \d+ orders and \d+ tickets\./);
      await Promise.all(selling);
      await expect(panel.getByRole('list', { name: 'Last backups' })).toContainText(
        new RegExp(`Last backup: .*, \\d+(\\.\\d)? KB, ${defaultFolder}`),
      );
      const path = (await saved.textContent())!.match(/in (\S+marquee-backup-\d{8}T\d{6}Z)\./)![1]!;
      savedPath = path;
      const copy = new Database(join(path, 'marquee.db'), { readonly: true });
      try {
        expect(copy.prepare('SELECT COUNT(*) FROM orders').pluck().get()).toBeGreaterThanOrEqual(3);
      } finally {
        copy.close();
      }
    });

    await base.step('a folder that stopped being one: no backup, and why', async () => {
      const share = join(root, 'share');
      await panel.getByLabel('Save backups in').fill(share);
      await panel.getByRole('button', { name: 'Change folder' }).click();
      await expect(panel).toContainText(`Backups go to ${share}`);
      // The last save's words named the old folder: gone with the change.
      await expect(panel.getByRole('status').filter({ hasText: 'Backup saved' })).toHaveCount(0);
      rmSync(share, { recursive: true });
      writeFileSync(share, 'not a folder');
      await panel.getByRole('button', { name: 'Save a backup now' }).click();
      await expect(panel.getByRole('alert')).toContainText('No backup was saved.');
      await expect(panel.getByRole('alert')).toContainText('is a file, not a folder');
    });

    await base.step('gone back to that backup as docs/api.md says: the panel says so', async () => {
      await server.halt();
      renameSync(dataDir, join(root, 'venue-data-replaced'));
      cpSync(savedPath, dataDir, { recursive: true, preserveTimestamps: true });
      await server.resume();
      await page.reload();
      await box.go('Settings');
      await expect(panel.getByTestId('restored-from')).toContainText(`This venue's data was restored on `);
      await expect(panel.getByTestId('restored-from')).toContainText(
        `from ${basename(savedPath)}: its newest sale was at `,
      );
    });
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
