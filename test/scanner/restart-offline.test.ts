import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodes } from '../../src/scanner/cli-run.js';
import { tempDataDir } from '../support/test-app.js';
import { openDoor } from '../../src/scanner/node-door.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';
import { makeCert, type TestCert } from './support/tls-cert.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { runCliProcess, type CliRun } from './support/cli-runner.js';
import { Venue } from './support/venue.js';

/** Each CLI command starts Node afresh (1–2 s on a loaded machine): generous, never a verdict. */
const processTimeoutMs = 180_000;

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
  const proxies: TcpProxy[] = [];
  beforeAll(async () => {
    venue = await Venue.start();
    ({ eventId, tierId } = await venue.event());
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
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
  /** The venue's network as a door sees it: a proxy a test can take away and bring back. */
  async function proxyToVenue(tls: TestCert | null = null): Promise<TcpProxy> {
    const proxy = new TcpProxy(Number(new URL(venue.url).port), tls);
    proxies.push(proxy);
    await proxy.listen();
    return proxy;
  }
  const json = (run: CliRun): Record<string, unknown> => JSON.parse(run.out[0]!) as Record<string, unknown>;

  it(
    'still says when a ticket was replaced',
    async () => {
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
    },
    processTimeoutMs,
  );

  it(
    'keeps its pack, refuses a guest it let in before the restart, and uploads each queued scan once',
    async () => {
      const [guest, other] = await venue.sell(eventId, tierId, 2);
      const network = await proxyToVenue();
      const door = doorProcess();
      const { token } = parsePairingCode(await venue.pairingCode(eventId));
      expect((await door('pair', token, '--url', network.url, '--name', 'Door B')).code).toBe(exitCodes.ok);
      const before = json(await door('status', '--json'));
      await network.stopListening();

      expect((await door('scan', guest!.paper_pass!)).out[0]).toMatch(
        /^ADMITTED .*\[offline \(unreachable\)/,
      );
      // Restarted: the pack is the one pulled before, and the guest is inside already.
      const refused = await door('scan', guest!.paper_pass!);
      expect(refused.code).toBe(exitCodes.rejected);
      expect(refused.out[0]).toMatch(new RegExp(`^REJECTED already_scanned ${guest!.id} \\[offline`));
      expect((await door('scan', other!.paper_pass!)).code).toBe(exitCodes.ok);
      expect(json(await door('status', '--json'))).toMatchObject({
        queued: 3,
        admissions: 2,
        packGeneratedAt: before['packGeneratedAt'],
        pairing: before['pairing'],
      });

      // The Wi-Fi comes back flaky: the upload reaches the server, its answer never reaches the door.
      network.mode = 'lose-answers';
      await network.listenAgain();
      expect((await door('sync')).code).toBe(exitCodes.failed);
      expect(json(await door('status', '--json'))).toMatchObject({ queued: 3 });
      // Then for good: the same three go up again and count once; a second sync has nothing to send.
      network.mode = 'pass';
      expect((await door('sync')).out[0]).toBe('synced 3 scans: 2 admitted, 1 rejected, 0 conflicts');
      expect((await door('sync')).out[0]).toBe('synced 0 scans: 0 admitted, 0 rejected, 0 conflicts');
      for (const ticket of [guest!, other!])
        expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${ticket.id}`)).scan_count).toBe(
          1,
        );
      const scans = await venue.ok<{ data: { ticket_id: string; result: string }[] }>(
        'GET',
        `/v2/scans?event_id=${eventId}&limit=100`,
      );
      const results = (id: string) =>
        scans.data.filter((scan) => scan.ticket_id === id).map((scan) => scan.result);
      expect(results(guest!.id).sort()).toEqual(['admitted', 'rejected']);
      expect(results(other!.id)).toEqual(['admitted']);
    },
    processTimeoutMs,
  );

  it(
    'keeps its pinned certificate: restarted offline, it tells nothing to an impostor on the venue address',
    async () => {
      const [guest] = await venue.sell(eventId, tierId);
      const real = makeCert('venue.test');
      const impostor = makeCert('venue.test');
      const network = await proxyToVenue(real);
      const door = doorProcess();
      const { token } = parsePairingCode(await venue.pairingCode(eventId));
      const paired = await door('pair', token, '--url', network.url, '--fingerprint', real.fingerprint256);
      expect(paired.code, paired.err.join('\n')).toBe(exitCodes.ok);
      await network.stopListening();
      expect((await door('scan', guest!.paper_pass!)).code).toBe(exitCodes.ok);

      // Restarted while someone else answers on the venue's address with another certificate.
      network.tls = impostor;
      network.bytesIn = 0;
      await network.listenAgain();
      const shown = await door('scan', guest!.paper_pass!);
      // Decided here (the upload it tries first, the ticket being one it let in, is refused by the pin).
      expect(shown.out[0]).toMatch(new RegExp(`^REJECTED already_scanned ${guest!.id} \\[offline \\(`));
      const sync = await door('sync');
      expect(sync.code).toBe(exitCodes.failed);
      expect(sync.err[0]).toMatch(/certificate/i);
      // It hung up after the handshake: not one byte of a request (nor its key) reached the impostor.
      expect(network.bytesIn).toBe(0);
      expect(json(await door('status', '--json'))).toMatchObject({ queued: 2 });

      // The venue's own server back on the address: trusted, and the two scans go up.
      await network.stopListening();
      network.tls = real;
      await network.listenAgain();
      expect((await door('sync')).out[0]).toBe('synced 2 scans: 1 admitted, 1 rejected, 0 conflicts');
    },
    processTimeoutMs,
  );

  it(
    'a big venue offline all night: 6,000 queued scans survive a restart and upload once',
    async () => {
      // An event of its own, so the pack knows of no one let in by the tests above.
      const festival = await venue.event('Festival night');
      const guests = await venue.sell(festival.eventId, festival.tierId, 100);
      const door = doorProcess();
      const { token } = parsePairingCode(await venue.pairingCode(festival.eventId));
      const network = await proxyToVenue();
      expect((await door('pair', token, '--url', network.url, '--name', 'Main gate')).code).toBe(
        exitCodes.ok,
      );
      await network.stopListening();
      const state = JSON.parse((await door('status', '--json')).out[0]!) as { state_file: string };
      // The night, through the SDK in this process (a process per scan would take all night here):
      // each of 100 guests shown 60 times, so 100 admitted and 5,900 refused, every one queued.
      const sdk = openDoor(state.state_file);
      let admitted = 0;
      for (let round = 0; round < 60; round++)
        for (const guest of guests) {
          const outcome = await sdk.device.scan(guest.paper_pass!, { offline: true });
          if (outcome.result === 'admitted') admitted++;
        }
      await sdk.close();
      expect(admitted).toBe(100);

      expect(json(await door('status', '--json'))).toMatchObject({ queued: 6_000, admissions: 100 });
      await network.listenAgain();
      expect((await door('sync')).out[0]).toBe('synced 6000 scans: 100 admitted, 5900 rejected, 0 conflicts');
      expect(json(await door('status', '--json'))).toMatchObject({ queued: 0, conflicts: 0 });
      expect(
        (await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${guests[99]!.id}`)).scan_count,
      ).toBe(1);
    },
    processTimeoutMs,
  );
});
