import Database from 'better-sqlite3';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDeviceState } from '../../src/scanner/device-store.js';
import { DoorDevice } from '../../src/scanner/door-device.js';
import { PinnedTransport } from '../../src/scanner/pinned-transport.js';
import type { Pairing } from '../../src/scanner/device-state.js';
import { ServerSigner } from './support/signer.js';

const dir = mkdtempSync(join(tmpdir(), 'marquee-door-state-'));
const signer = new ServerSigner();
afterAll(() => {
  signer.close();
  rmSync(dir, { recursive: true, force: true });
});

const pairing: Pairing = {
  baseUrl: 'http://127.0.0.1:9',
  fingerprint: null,
  apiKey: 'sk_live_device',
  deviceId: 'dev_test',
  deviceName: 'Test door',
  eventId: signer.eventId,
  pairedAt: 1,
};

function device(file: string): { door: DoorDevice; state: SqliteDeviceState } {
  const state = new SqliteDeviceState(file);
  const door = new DoorDevice({
    state,
    transport: (p) => new PinnedTransport(p.baseUrl, { fingerprint: p.fingerprint }),
    now: signer.now,
  });
  return { door, state };
}

describe('device state file', () => {
  it('keeps pairing, pack, admissions, revocations and the queue across restarts', async () => {
    const file = join(dir, 'door.db');
    const first = new SqliteDeviceState(file);
    first.savePairing(pairing);
    const pack = signer.pack();
    const voided = signer.ticket();
    const inside = signer.ticket();
    first.savePack(
      { event: pack.event, jwks: pack.jwks, generatedAt: pack.generated_at, cursor: '42', pulledAt: 5 },
      {
        revoked: [{ ticket_id: voided.id, status: 'voided' }],
        admissions: [[inside.id, { inside: true, count: 1 }]],
      },
    );
    first.close();

    const { door, state } = device(file);
    const admitted = signer.ticket();
    const outcome = await door.scan(signer.mint(admitted), { offline: true });
    expect(outcome).toMatchObject({ result: 'admitted', mode: 'offline', queued: true });
    expect((await door.scan(signer.mint(voided), { offline: true })).reason).toBe('voided');
    state.close();

    // "Power cut": a new process opens the same file.
    const { door: again, state: reopened } = device(file);
    expect(again.pairing).toEqual(pairing);
    expect(again.validator.check(signer.mint(admitted)).reason).toBe('already_scanned');
    expect(again.validator.check(signer.mint(inside)).reason).toBe('already_scanned');
    expect(again.validator.check(signer.mint(voided)).reason).toBe('voided');
    expect(again.validator.check(signer.mint()).result).toBe('admitted');
    expect(reopened.queued(10).map((q) => [q.ticketId, q.result, q.reason])).toEqual([
      [admitted.id, 'admitted', null],
      [voided.id, 'rejected', 'voided'],
    ]);
    expect(reopened.status()).toMatchObject({
      paired: true,
      queued: 2,
      admissions: 2,
      revoked: 1,
      packPulledAt: 5,
      lastSyncAt: null,
    });
    reopened.settle([reopened.queued(1)[0]!.seq], [], 99);
    expect(reopened.status()).toMatchObject({ queued: 1, lastSyncAt: 99 });
    reopened.close();
  });

  it('pairing with another server or event forgets the old pack and admissions, but not the queue', () => {
    const file = join(dir, 'switch.db');
    const state = new SqliteDeviceState(file);
    state.savePairing(pairing);
    const pack = signer.pack();
    state.savePack(
      { event: pack.event, jwks: pack.jwks, generatedAt: pack.generated_at, cursor: '1', pulledAt: 1 },
      {
        revoked: [{ ticket_id: 'tik_x', status: 'voided' }],
        admissions: [['tik_y', { inside: true, count: 1 }]],
      },
    );
    state.savePairing({ ...pairing, eventId: 'evt_other' });
    expect(state.status()).toMatchObject({ admissions: 0, revoked: 0, packPulledAt: null, feedCursor: null });
    state.close();
  });

  it('a version 3 file keeps its queue, not held; paired again after a revocation, the queue is held', () => {
    const file = join(dir, 'v3.db');
    const state = new SqliteDeviceState(file);
    state.savePairing(pairing);
    state.close();
    const raw = new Database(file);
    raw.exec(
      "ALTER TABLE queue DROP COLUMN held; ALTER TABLE conflicts DROP COLUMN double_admission; ALTER TABLE revoked DROP COLUMN transferred_at; INSERT INTO queue (token, ticket_id, scanned_at, result, direction) VALUES ('t', 'tik_old', 1, 'admitted', 'in')",
    );
    raw.pragma('user_version = 3');
    raw.close();

    const upgraded = new SqliteDeviceState(file);
    expect(upgraded.queued(10).map((scan) => [scan.ticketId, scan.held])).toEqual([['tik_old', undefined]]);
    upgraded.savePairing({ ...pairing, revokedAt: 2 });
    expect(upgraded.status()).toMatchObject({ queued: 1, held: 0 });
    upgraded.savePairing({ ...pairing, deviceId: 'dev_new', apiKey: 'sk_live_new', pairedAt: 3 });
    expect(upgraded.status()).toMatchObject({ queued: 0, held: 1 });
    upgraded.close();
    const reopened = new SqliteDeviceState(file);
    expect(reopened.queued(10)).toEqual([]);
    expect(reopened.releaseHeld().map((scan) => [scan.ticketId, scan.held])).toEqual([
      ['tik_old', undefined],
    ]);
    expect(reopened.status()).toMatchObject({ queued: 1, held: 0 });
    reopened.close();
  });

  it('a version 4 file keeps its conflicts and then keeps both doors of a double admission', () => {
    const file = join(dir, 'v4.db');
    const state = new SqliteDeviceState(file);
    state.close();
    const raw = new Database(file);
    raw.exec(
      "ALTER TABLE conflicts DROP COLUMN double_admission; ALTER TABLE revoked DROP COLUMN transferred_at; INSERT INTO conflicts (ticket_id, scanned_at, local_result, server_result, server_reason, conflict, recorded_at) VALUES ('tik_old', 1, 'admitted', 'rejected', 'voided', 0, 2)",
    );
    raw.pragma('user_version = 4');
    raw.close();

    const upgraded = new SqliteDeviceState(file);
    const doubleAdmission = {
      counted: { scanId: 'scn_a', deviceId: 'dev_a', deviceName: 'Door A', scannedAt: 10 },
      conflicting: { scanId: 'scn_b', deviceId: 'dev_b', deviceName: 'Door B', scannedAt: 20 },
    };
    upgraded.settle(
      [],
      [
        {
          ticketId: 'tik_twice',
          scannedAt: 20,
          localResult: 'admitted',
          serverResult: 'rejected',
          serverReason: 'already_scanned',
          conflict: true,
          recordedAt: 30,
          doubleAdmission,
        },
      ],
      null,
    );
    upgraded.close();
    const reopened = new SqliteDeviceState(file);
    const [old, twice] = reopened.conflicts();
    expect(old).toEqual({
      ticketId: 'tik_old',
      scannedAt: 1,
      localResult: 'admitted',
      serverResult: 'rejected',
      serverReason: 'voided',
      conflict: false,
      recordedAt: 2,
    });
    expect(twice).toMatchObject({ ticketId: 'tik_twice', conflict: true, doubleAdmission });
    // A conflict recorded with no sync (the feed told it) leaves the last sync time alone.
    expect(reopened.status().lastSyncAt).toBeNull();
    reopened.close();
  });

  it('a version 5 file keeps its revocations, then keeps when a transferred ticket was replaced', async () => {
    const file = join(dir, 'v5.db');
    const state = new SqliteDeviceState(file);
    state.savePairing(pairing);
    const pack = signer.pack();
    const replaced = signer.ticket();
    state.savePack(
      { event: pack.event, jwks: pack.jwks, generatedAt: pack.generated_at, cursor: '1', pulledAt: 1 },
      { revoked: [{ ticket_id: 'tik_old', status: 'voided' }], admissions: [] },
    );
    state.close();
    const raw = new Database(file);
    raw.exec('ALTER TABLE revoked DROP COLUMN transferred_at');
    raw.pragma('user_version = 5');
    raw.close();

    const upgraded = new SqliteDeviceState(file);
    expect([...upgraded.revocations()]).toEqual([['tik_old', 'voided']]);
    const at = new Date(signer.ms - 3_600_000).toISOString();
    upgraded.saveChanges({
      revoked: [{ ticket_id: replaced.id, status: 'transferred', transferred_at: at }],
      admissions: [],
    });
    // The feed's later word on the same ticket carries no time: the time known stays.
    upgraded.saveChanges({ revoked: [{ ticket_id: replaced.id, status: 'transferred' }], admissions: [] });
    upgraded.close();
    const { door, state: reopened } = device(file);
    const refused = await door.scan(signer.mint(replaced), { offline: true });
    expect(refused).toMatchObject({ result: 'rejected', reason: 'transferred', replacedAt: Date.parse(at) });
    reopened.close();
  });

  it('keeps the server clock anchor for the monotonic clock it was measured on only', () => {
    const file = join(dir, 'anchor.db');
    const first = new SqliteDeviceState(file);
    expect(first.serverClockAnchor('boot-a')).toBeNull();
    first.saveServerClockAnchor('boot-a', 1_234_567.4);
    first.close();
    const reopened = new SqliteDeviceState(file);
    expect(reopened.serverClockAnchor('boot-a')).toBe(1_234_567);
    // Another boot's boot clock started again from 0: that anchor means nothing there.
    expect(reopened.serverClockAnchor('boot-b')).toBeNull();
    reopened.close();
  });

  it('refuses a state file written by a newer scanner, changing nothing', () => {
    const file = join(dir, 'newer.db');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => new SqliteDeviceState(file)).toThrow(/newer scanner/);
  });
});

describe('device state file modes', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('keeps the door key to its owner: a new folder 0700, the store and its -wal/-shm 0600', () => {
    const folder = join(dir, 'new-door');
    const file = join(folder, 'scanner.db');
    const state = new SqliteDeviceState(file);
    state.savePairing(pairing);
    expect(modeOf(folder)).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`])
      expect([path, modeOf(path)]).toEqual([path, 0o600]);
    state.close();
  });

  it('tightens a store an older scanner left readable by everyone', () => {
    const file = join(dir, 'old-door.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    old.close();
    chmodSync(file, 0o644);
    const state = new SqliteDeviceState(file);
    state.savePairing(pairing);
    for (const path of [file, `${file}-wal`, `${file}-shm`])
      expect([path, modeOf(path)]).toEqual([path, 0o600]);
    state.close();
  });
});
