import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCodes } from '../../src/scanner/cli-run.js';
import { backUpDataFolder } from '../../src/server/store/data-folder-backup.js';
import { tempDataDir } from '../support/test-app.js';
import { runCliOn, type CliRun } from './support/cli-runner.js';
import { Venue } from './support/venue.js';

const venues: Venue[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const venue of venues.splice(0)) await venue.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startVenue(dataDir?: string): Promise<Venue> {
  const venue = await Venue.start({}, dataDir);
  venues.push(venue);
  return venue;
}

const cliOn =
  (state: string) =>
  (...argv: string[]): Promise<CliRun> =>
    runCliOn(state, argv);

/** The box-office laptop dies; the spare starts on its latest backup, at another address. */
async function spareFromBackupOf(venue: Venue): Promise<Venue> {
  const usb = tempDataDir('marquee-usb-');
  const spareDir = tempDataDir('marquee-spare-');
  dirs.push(usb);
  const { folder } = backUpDataFolder({ dataDir: venue.dataDir, destination: usb });
  cpSync(folder, spareDir, { recursive: true });
  await venue.stop();
  return startVenue(spareDir);
}

describe('npm run scanner -- move: a door follows the venue server to a spare laptop', () => {
  it('keeps its key and its offline scans, and they upload to the spare', async () => {
    const venue = await startVenue();
    const { eventId, tierId } = await venue.event();
    const state = join(tempDataDir('marquee-door-'), 'door.db');
    dirs.push(join(state, '..'));
    const cli = cliOn(state);
    expect((await cli('pair', await venue.pairingCode(eventId), '--name', 'Door A')).code).toBe(0);
    const [ticket] = await venue.sell(eventId, tierId);
    const paired = JSON.parse((await cli('status', '--json')).out[0]!) as { pairing: { deviceId: string } };

    const spare = await spareFromBackupOf(venue);
    // Mid-show, the old address does not answer: the door decides and queues.
    const scan = await cli('scan', ticket!.qr_token);
    expect(scan.out[0]).toMatch(/^ADMITTED .*offline \(unreachable\).*queued for sync/);

    const moved = await cli('move', spare.url);
    expect(moved.code, moved.err.join('\n')).toBe(exitCodes.ok);
    expect(moved.out[0]).toBe(
      `moved ${paired.pairing.deviceId} (Door A) from ${venue.url} to ${spare.url}; 1 queued scans upload at the next sync; door pack for ${eventId} pulled`,
    );
    expect((await cli('sync')).out[0]).toBe('synced 1 scans: 1 admitted, 0 rejected, 0 conflicts');
    const scans = await spare.ok<{ data: { ticket_id: string; device_id: string; source: string }[] }>(
      'GET',
      `/v2/scans?event_id=${eventId}`,
    );
    expect(scans.data).toEqual([
      expect.objectContaining({ ticket_id: ticket!.id, device_id: paired.pairing.deviceId, source: 'sync' }),
    ]);
  });

  it('refuses a server that does not know its key and changes nothing', async () => {
    const venue = await startVenue();
    const { eventId, tierId } = await venue.event();
    const state = join(tempDataDir('marquee-door-'), 'door.db');
    dirs.push(join(state, '..'));
    const cli = cliOn(state);
    expect((await cli('pair', await venue.pairingCode(eventId))).code).toBe(0);
    const [ticket] = await venue.sell(eventId, tierId);
    await venue.stop();
    expect((await cli('scan', ticket!.qr_token)).code).toBe(exitCodes.ok);

    // Another venue server (a fresh install, not started from the backup).
    const stranger = await startVenue();
    const moved = await cli('move', stranger.url);
    expect(moved.code).toBe(exitCodes.failed);
    expect(moved.err[0]).toBe(
      `scanner: the server at ${stranger.url} does not accept this door's key: it is another venue server, or this door was revoked there. Nothing was changed; pair this door with it instead`,
    );
    const status = JSON.parse((await cli('status', '--json')).out[0]!) as {
      queued: number;
      pairing: { baseUrl: string; revokedAt?: number };
    };
    expect(status.queued).toBe(1);
    expect(status.pairing.baseUrl).toBe(venue.url);
    expect(status.pairing.revokedAt).toBeUndefined();
  });
});
