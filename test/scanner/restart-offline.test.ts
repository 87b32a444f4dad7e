import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodes } from '../../src/scanner/cli-run.js';
import { tempDataDir } from '../support/test-app.js';
import { runCliProcess, type CliRun } from './support/cli-runner.js';
import { Venue } from './support/venue.js';

/**
 * The venue Wi-Fi goes for the night, and the door is restarted while it is out (a battery swap,
 * a crash): every command below is a process of its own, so all the door knows after a restart is
 * its SQLite state file. The door must say and decide the same things it did before the restart.
 */
describe('a door restarted while the venue network is down', () => {
  let venue: Venue;
  let eventId: string;
  let tierId: string;
  const dirs: string[] = [];
  beforeAll(async () => {
    venue = await Venue.start();
    ({ eventId, tierId } = await venue.event());
  });
  afterAll(async () => {
    await venue?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A door with its own state file; each call starts the CLI afresh, on UTC for the times it prints. */
  function doorProcess(): (...argv: string[]) => Promise<CliRun> {
    const dir = tempDataDir('marquee-door-');
    dirs.push(dir);
    const state = join(dir, 'door.db');
    return (...argv) => runCliProcess(state, argv, { TZ: 'UTC' });
  }
  const json = (run: CliRun): Record<string, unknown> => JSON.parse(run.out[0]!) as Record<string, unknown>;

  it('still says when a ticket was replaced', async () => {
    const [lost] = await venue.sell(eventId, tierId);
    await venue.ok('POST', `/v2/tickets/${lost!.id}/transfer`, { to_email: null, name: 'Ada Guest' });
    const pack = await venue.ok<{ revoked: { ticket_id: string; transferred_at?: string }[] }>(
      'GET',
      `/v2/scan/door_pack?event_id=${eventId}`,
    );
    const replacedAt = pack.revoked.find((entry) => entry.ticket_id === lost!.id)!.transferred_at!;
    const door = doorProcess();
    // Paired (and the pack pulled) online; the pack says when the old print was replaced.
    expect((await door('pair', await venue.pairingCode(eventId), '--name', 'Door A')).code).toBe(
      exitCodes.ok,
    );
    await venue.stop();
    try {
      const hhmm = new Date(replacedAt).toISOString().slice(11, 16);
      for (const run of [1, 2]) {
        const said = await door('scan', lost!.paper_pass!);
        expect(said.code, `run ${run}: ${said.err.join('\n')}`).toBe(exitCodes.rejected);
        expect(said.out[0]).toMatch(
          new RegExp(
            `^REJECTED transferred ${lost!.id} \\(replaced at ${hhmm}\\) \\[offline .*queued for sync\\]$`,
          ),
        );
        const asJson = json(await door('scan', lost!.paper_pass!, '--json'));
        expect(asJson).toMatchObject({
          reason: 'transferred',
          mode: 'offline',
          replacedAt: Date.parse(replacedAt),
        });
      }
    } finally {
      await venue.restart();
    }
  });

  it('keeps its pack, refuses a guest it let in before the restart, and uploads each queued scan once', async () => {
    const [guest, other] = await venue.sell(eventId, tierId, 2);
    const door = doorProcess();
    expect((await door('pair', await venue.pairingCode(eventId), '--name', 'Door B')).code).toBe(
      exitCodes.ok,
    );
    const before = json(await door('status', '--json'));
    await venue.stop();
    try {
      expect((await door('scan', guest!.paper_pass!)).out[0]).toMatch(
        /^ADMITTED .*\[offline \(unreachable\)/,
      );
      // Restarted: the pack is the one pulled before, and the guest is inside already.
      const refused = await door('scan', guest!.paper_pass!);
      expect(refused.code).toBe(exitCodes.rejected);
      expect(refused.out[0]).toMatch(new RegExp(`^REJECTED already_scanned ${guest!.id} \\[offline`));
      expect((await door('scan', other!.paper_pass!)).code).toBe(exitCodes.ok);
      const after = json(await door('status', '--json'));
      expect(after).toMatchObject({
        queued: 3,
        admissions: 2,
        packGeneratedAt: before['packGeneratedAt'],
        pairing: before['pairing'],
      });
    } finally {
      await venue.restart();
    }
    // Back on the network: the three scans go up once; a second sync has nothing to send.
    expect((await door('sync')).out[0]).toBe('synced 3 scans: 2 admitted, 1 rejected, 0 conflicts');
    expect((await door('sync')).out[0]).toBe('synced 0 scans: 0 admitted, 0 rejected, 0 conflicts');
    for (const ticket of [guest!, other!])
      expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${ticket.id}`)).scan_count).toBe(1);
    const scans = await venue.ok<{ data: { ticket_id: string; result: string }[] }>(
      'GET',
      `/v2/scans?event_id=${eventId}&limit=100`,
    );
    expect(
      scans.data
        .filter((scan) => scan.ticket_id === guest!.id)
        .map((scan) => scan.result)
        .sort(),
    ).toEqual(['admitted', 'rejected']);
  });
});
