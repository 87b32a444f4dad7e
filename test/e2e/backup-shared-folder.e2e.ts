import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { startVenueServer } from './support/venue-server.js';

interface Backup {
  name: string;
}

/**
 * Two venues' servers whose data folders sit side by side share the default backup folder beside
 * them. Each venue's Settings › Backup lists its own backups only, says so, and its line on the
 * automatic backups does not say there is none needed beside a list of backups.
 */
base("Settings › Backup: another venue's backups in the same folder are not listed", async ({ page }) => {
  base.setTimeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'marquee-e2e-backup-shared-'));
  const dirA = join(root, 'venue-a');
  const dirB = join(root, 'venue-b');
  mkdirSync(dirA);
  mkdirSync(dirB);
  const venueA = await startVenueServer(30_000, {}, dirA);
  const venueB = await startVenueServer(30_000, {}, dirB);
  try {
    const ownBackup = await venueA.api<Backup>('POST', '/v2/backups', {});
    const otherBackup = await venueB.api<Backup>('POST', '/v2/backups', {});
    const box = new BoxOffice(page, venueA);
    await box.signIn();
    await box.go('Settings');
    const panel = page.getByRole('region', { name: 'Backup' });
    await expect(panel).toContainText(`Backups go to ${join(root, 'marquee-backups')}`);
    const list = panel.getByRole('list', { name: 'Last backups' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Last backup: ');
    await expect(panel).toContainText("Only this venue's backups are listed");
    await expect(panel).toContainText(
      'A backup is saved after each shift close. No automatic backup yet: the first is saved when a shift closes.',
    );
    await expect(panel).not.toContainText('None has been needed yet');
    // The one listed is this venue's: the other's name is nowhere in the panel.
    expect(ownBackup.name).not.toBe(otherBackup.name);
    const listed = await venueA.api<{ data: Backup[] }>('GET', '/v2/backups');
    expect(listed.data.map((b) => b.name)).toEqual([ownBackup.name]);
  } finally {
    await venueA.stop();
    await venueB.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
