import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodes, runCli } from '../../src/scanner/cli-run.js';
import { openDoor } from '../../src/scanner/node-door.js';
import { runCliOn, type CliRun } from './support/cli-runner.js';
import { Venue } from './support/venue.js';

let venue: Venue;
let eventId: string;
let tierId: string;
let state: string;

const cli = (...argv: string[]): Promise<CliRun> => runCliOn(state, argv);

beforeAll(async () => {
  venue = await Venue.start();
  ({ eventId, tierId } = await venue.event());
  state = venue.stateFile('cli');
});

afterAll(async () => {
  await venue?.close();
});

describe('scanner CLI', () => {
  it('pair, status, scan online and offline, sync, pull', async () => {
    const pair = await cli('pair', await venue.pairingCode(eventId), '--name', 'Side door');
    expect(pair.code).toBe(0);
    expect(pair.out[0]).toMatch(
      /^paired as dev_\w+ \(Side door\) with http:\/\/127\.0\.0\.1:\d+; door pack for evt_\w+ pulled$/,
    );

    const [a, b] = await venue.sell(eventId, tierId, 2);
    // A generous deadline: the verdict must not depend on how busy this machine is.
    const online = await cli('scan', a!.qr_token, '--deadline', '20000');
    expect(online.code).toBe(exitCodes.ok);
    expect(online.out[0]).toMatch(new RegExp(`^ADMITTED ${a!.id} Ada Guest \\[online, \\d+ ms\\]$`));
    const again = await cli('scan', a!.qr_token, '--deadline', '20000');
    expect(again.code).toBe(exitCodes.rejected);
    expect(again.out[0]).toMatch(/^REJECTED already_scanned /);

    const offline = await cli('scan', b!.qr_token, '--offline');
    expect(offline.out[0]).toMatch(new RegExp(`^ADMITTED ${b!.id} \\[offline, \\d+ ms, queued for sync\\]$`));
    const exit = await cli('scan', b!.qr_token, '--offline', '--out');
    expect(exit.out[0]).toMatch(/^EXIT OK /);

    const status = await cli('status', '--json');
    expect(JSON.parse(status.out[0]!)).toMatchObject({ queued: 2, lastSyncAt: null, paired: true });
    const human = await cli('status');
    expect(human.out.join('\n')).toMatch(/queued scans: 2; last sync: never; conflicts: 0/);
    expect(human.out.join('\n')).toMatch(/door pack: generated .*, pulled \d+ s ago \(Night show\)/);

    const sync = await cli('sync');
    expect(sync.out[0]).toBe('synced 2 scans: 2 admitted, 0 rejected, 0 conflicts');
    expect(JSON.parse((await cli('status', '--json')).out[0]!)).toMatchObject({
      queued: 0,
      lastSyncAt: expect.any(Number),
    });

    await venue.ok('POST', `/v2/tickets/${a!.id}/void`, { refund: false });
    const pull = await cli('pull', '--json');
    expect(JSON.parse(pull.out[0]!)).toMatchObject({ full: false, revoked: 1 });
    expect((await cli('scan', a!.qr_token, '--offline')).out[0]).toMatch(/^REJECTED voided /);
  });

  it('a sync that only set scans aside is the last sync, and status counts what was set aside', async () => {
    const file = venue.stateFile('cli-set-aside');
    expect((await cli('pair', await venue.pairingCode(eventId), '--state', file)).code).toBe(0);
    // The door was put away unsynced after a night 8 days ago: its one scan is too old to upload.
    const [old] = await venue.sell(eventId, tierId);
    const putAway = openDoor(file, {
      now: () => Date.now() - 8 * 24 * 3_600_000,
      // 8 days ago was another boot: nothing measured this boot says what time it was.
      monotonicRun: 'a boot 8 days ago',
    });
    await putAway.device.scan(old!.qr_token, { offline: true });
    await putAway.close();

    const sync = await cli('sync', '--state', file);
    expect(sync.code).toBe(exitCodes.ok);
    expect(sync.out[0]).toMatch(/^synced 0 scans: .*; 1 scans set aside/);
    const status = await cli('status', '--state', file);
    expect(status.out.join('\n')).toMatch(/queued scans: 0; last sync: \d+ s ago; conflicts: 0/);
    expect(status.out).toContain(
      "set aside: 1 scans the server refused by time (older than 7 days, or this device's clock was ahead)",
    );
    expect(JSON.parse((await cli('status', '--json', '--state', file)).out[0]!)).toMatchObject({
      setAside: 1,
      lastSyncAt: expect.any(Number),
    });
  });

  it('scans recorded before the door was revoked are held back after pairing again, until a manager uploads them', async () => {
    const file = venue.stateFile('cli-held');
    const run = (...argv: string[]) => cli(...argv, '--state', file);
    expect((await run('pair', await venue.pairingCode(eventId))).code).toBe(0);
    const [before, after] = await venue.sell(eventId, tierId, 2);
    expect((await run('scan', before!.qr_token, '--offline')).code).toBe(exitCodes.ok);
    const oldDevice = (
      JSON.parse((await run('status', '--json')).out[0]!) as { pairing: { deviceId: string } }
    ).pairing.deviceId;
    // The manager revokes the door (lost, or misused); it learns so at its next sync.
    await venue.ok('DELETE', `/v2/devices/${oldDevice}`);
    expect((await run('sync')).code).toBe(exitCodes.failed);

    expect((await run('pair', await venue.pairingCode(eventId))).code).toBe(0);
    const scanCount = async (id: string) =>
      (await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${id}`)).scan_count;
    expect((await run('scan', after!.qr_token, '--offline')).code).toBe(exitCodes.ok);
    const heldLine =
      'held back: 1 scans recorded before this door was revoked are held back, not uploaded; `sync --include-held` uploads them under this pairing';
    const status = await run('status');
    expect(status.out.join('\n')).toMatch(/queued scans: 1; /);
    expect(status.out).toContain(heldLine);
    expect(JSON.parse((await run('status', '--json')).out[0]!)).toMatchObject({ queued: 1, held: 1 });

    // A plain sync uploads what the new pairing recorded, not what the revoked one did.
    const sync = await run('sync');
    expect(sync.out).toEqual(['synced 1 scans: 1 admitted, 0 rejected, 0 conflicts', heldLine]);
    expect(await scanCount(after!.id)).toBe(1);
    expect(await scanCount(before!.id)).toBe(0);

    // The manager decides they happened: uploaded under the new pairing, and nothing is held.
    const included = await run('sync', '--include-held');
    expect(included.out).toEqual(['synced 1 scans: 1 admitted, 0 rejected, 0 conflicts']);
    expect(await scanCount(before!.id)).toBe(1);
    expect(JSON.parse((await run('status', '--json')).out[0]!)).toMatchObject({ queued: 0, held: 0 });
  });

  it('a door revoked while it was away learns so when paired again: its queued scans are held back, not uploaded', async () => {
    const file = venue.stateFile('cli-held-away');
    const run = (...argv: string[]) => cli(...argv, '--state', file);
    expect((await run('pair', await venue.pairingCode(eventId))).code).toBe(0);
    const [ticket] = await venue.sell(eventId, tierId, 1);
    expect((await run('scan', ticket!.qr_token, '--offline')).code).toBe(exitCodes.ok);
    const oldDevice = (
      JSON.parse((await run('status', '--json')).out[0]!) as { pairing: { deviceId: string } }
    ).pairing.deviceId;
    // Revoked while the door was switched off: it never synced, so it was never told.
    await venue.ok('DELETE', `/v2/devices/${oldDevice}`);

    expect((await run('pair', await venue.pairingCode(eventId))).code).toBe(0);

    expect(JSON.parse((await run('status', '--json')).out[0]!)).toMatchObject({ queued: 0, held: 1 });
    expect((await run('sync')).code).toBe(exitCodes.ok);
    expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${ticket!.id}`)).scan_count).toBe(0);
  });

  it('paired again with scans queued and its old key still good: nothing is held back', async () => {
    const file = venue.stateFile('cli-repair-good');
    const run = (...argv: string[]) => cli(...argv, '--state', file);
    expect((await run('pair', await venue.pairingCode(eventId))).code).toBe(0);
    const [ticket] = await venue.sell(eventId, tierId, 1);
    expect((await run('scan', ticket!.qr_token, '--offline')).code).toBe(exitCodes.ok);

    expect((await run('pair', await venue.pairingCode(eventId))).code).toBe(0);

    expect(JSON.parse((await run('status', '--json')).out[0]!)).toMatchObject({ queued: 1, held: 0 });
  });

  it('one clear line and a non-zero exit for each kind of failure', async () => {
    const unknown = await cli('frobnicate');
    expect(unknown).toMatchObject({
      code: exitCodes.usage,
      err: [
        "scanner: unknown command 'frobnicate'; usage: npm run scanner -- <command> [options]; commands: discover, pair, move, pull, scan, sync, watch, status",
      ],
    });
    // Not a pairing code at all is a usage error, like a missing argument.
    const badCode = await cli('pair', 'https://example.test/not-a-pairing-link');
    expect(badCode.code).toBe(exitCodes.usage);
    expect(badCode.err).toEqual([
      'scanner: not a Marquee pairing link: https://example.test; usage: npm run scanner -- pair <qr-or-token> [--url U] [--fingerprint F] [--name N]',
    ]);
    const noToken = await cli('scan');
    expect(noToken).toMatchObject({
      code: exitCodes.usage,
      err: [
        'scanner: scan needs the ticket token; usage: npm run scanner -- scan <token> [--offline] [--out] [--deadline ms]',
      ],
    });

    const fresh = venue.stateFile('cli-unpaired');
    const unpaired = await runCli(['pull', '--state', fresh], {
      out: () => undefined,
      err: (l) => expect(l).toBe('scanner: this device is not paired: run `pair` first'),
      env: {},
    });
    expect(unpaired).toBe(exitCodes.failed);

    // A used pairing token is refused by the server with its own explanation.
    const qr = await venue.pairingCode(eventId);
    expect((await cli('pair', qr, '--state', venue.stateFile('cli-2'))).code).toBe(0);
    const reused = await cli('pair', qr, '--state', venue.stateFile('cli-3'));
    expect(reused.code).toBe(exitCodes.failed);
    expect(reused.err).toHaveLength(1);
    expect(reused.err[0]).toMatch(
      /^scanner: POST \/v2\/devices\/pair answered 400 invalid_pairing_token: .*already been used/,
    );
  });

  it('runs as `npm run scanner` with a one-line error and exit code', () => {
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'scanner', '--', 'status', '--json', '--state', venue.stateFile('cli')],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ paired: true, queued: 1 });
    const bad = spawnSync(
      'npm',
      ['run', '--silent', 'scanner', '--', 'sync', '--state', venue.stateFile('cli-nothing')],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(bad.status).toBe(1);
    expect(
      bad.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual(['scanner: this device is not paired: run `pair` first']);
  });
});
