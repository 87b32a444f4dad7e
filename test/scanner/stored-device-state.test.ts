import { afterAll, describe, expect, it } from 'vitest';
import { StoredDeviceState } from '../../src/scanner/stored-device-state.js';
import { DoorDevice } from '../../src/scanner/door-device.js';
import { FetchTransport } from '../../src/scanner/fetch-transport.js';
import type { Pairing } from '../../src/scanner/device-state.js';
import { QuotaStorage } from './support/quota-storage.js';
import { ServerSigner } from './support/signer.js';

const signer = new ServerSigner();

/** tik_1 admitted offline: what a door queues for sync. */
const admittedOffline = () => ({
  result: 'admitted' as const,
  reason: null,
  credential: 'rotating' as const,
  ticketId: 'tik_1',
  eventId: signer.eventId,
  direction: 'in' as const,
  scannedAt: signer.ms,
});
afterAll(() => signer.close());

const pairing: Pairing = {
  baseUrl: 'http://127.0.0.1:9',
  fingerprint: null,
  apiKey: 'sk_live_door',
  deviceId: 'dev_door',
  deviceName: 'Door 2',
  eventId: signer.eventId,
  pairedAt: signer.ms,
};

/** A paired door whose server is away (port 9 on loopback: nothing listens). */
/** What the door keeps of a pack it has just pulled (the signer's event, keys and time). */
function packInfo(cursor = '1') {
  const pack = signer.pack();
  return { event: pack.event, jwks: pack.jwks, generatedAt: pack.generated_at, cursor, pulledAt: signer.ms };
}

function openDoor(storage: QuotaStorage): { state: StoredDeviceState; door: DoorDevice } {
  const state = new StoredDeviceState(storage);
  const door = new DoorDevice({ state, transport: (p) => new FetchTransport(p.baseUrl), now: signer.now });
  return { state, door };
}

describe('the door page state in localStorage', () => {
  it('a reload keeps the pairing, the pack, who is inside and every queued offline scan', async () => {
    const storage = new QuotaStorage();
    const first = openDoor(storage);
    first.state.savePairing(pairing);
    first.state.savePack(packInfo('7'), { revoked: [], admissions: [] });
    const ticket = signer.ticket();
    const token = signer.mint(ticket);
    // Reopen so the device loads the pack the way a page load does.
    const door = openDoor(storage).door;
    expect((await door.scan(token, { offline: true })).result).toBe('admitted');

    const reloaded = openDoor(storage);
    expect(reloaded.state.loadPairing()).toEqual(pairing);
    expect(reloaded.state.status()).toMatchObject({
      paired: true,
      queued: 1,
      admissions: 1,
      feedCursor: null,
    });
    const replay = await reloaded.door.scan(token, { offline: true });
    expect(replay).toMatchObject({ result: 'rejected', reason: 'already_scanned', queued: true });
    expect(reloaded.state.queued(10).map((s) => [s.ticketId, s.result, s.reason, s.seq])).toEqual([
      [ticket.id, 'admitted', null, 1],
      [ticket.id, 'rejected', 'already_scanned', 2],
    ]);
  });

  it('a reload offline still says when a transferred ticket was replaced', async () => {
    const storage = new QuotaStorage();
    const { state } = openDoor(storage);
    state.savePairing(pairing);
    const replaced = signer.ticket();
    const at = new Date(signer.ms - 3_600_000).toISOString();
    state.savePack(packInfo('7'), {
      revoked: [{ ticket_id: replaced.id, status: 'transferred', transferred_at: at }],
      admissions: [],
    });
    // The feed's later word on the same ticket carries no time: the time known stays.
    state.saveChanges({ revoked: [{ ticket_id: replaced.id, status: 'transferred' }], admissions: [] });
    const refused = await openDoor(storage).door.scan(signer.mint(replaced), { offline: true });
    expect(refused).toMatchObject({ result: 'rejected', reason: 'transferred', replacedAt: Date.parse(at) });
  });

  it('a reload keeps the guest list, and a manual check-in queued offline keeps its reason', async () => {
    const storage = new QuotaStorage();
    const first = openDoor(storage);
    first.state.savePairing(pairing);
    const ticket = signer.ticket();
    first.state.savePack(packInfo('7'), {
      revoked: [],
      admissions: [],
      holders: [{ ticketId: ticket.id, orderId: 'ord_dana', name: 'Dana Deadphone', tierId: signer.tierId }],
      holdersReplaced: true,
    });
    const door = openDoor(storage).door;
    const found = await door.lookup('deadph', { offline: true });
    expect(found.matches.map((m) => [m.ticketId, m.name])).toEqual([[ticket.id, 'Dana Deadphone']]);
    const outcome = await door.checkIn(ticket.id, 'Dead phone', { offline: true });
    expect(outcome).toMatchObject({ result: 'admitted', credential: 'manual', queued: true });

    const reloaded = openDoor(storage);
    expect(reloaded.state.queued(10).map((s) => [s.kind, s.ticketId, s.note, s.result])).toEqual([
      ['manual', ticket.id, 'Dead phone', 'admitted'],
    ]);
    expect((await reloaded.door.lookup('Dana', { offline: true })).matches[0]).toMatchObject({
      name: 'Dana Deadphone',
      scanned: true,
    });
  });

  it('settling drops synced scans and keeps conflicts; unpairing is refused while scans wait', () => {
    const storage = new QuotaStorage();
    const { state } = openDoor(storage);
    state.savePairing(pairing);
    const decision = admittedOffline();
    const seq = state.recordOfflineScan('token', decision, { inside: true, count: 1 });
    expect(state.forget()).toBe(false);
    state.settle(
      [seq],
      [
        {
          ticketId: 'tik_1',
          scannedAt: signer.ms,
          localResult: 'admitted',
          serverResult: 'rejected',
          serverReason: 'already_scanned',
          conflict: true,
          recordedAt: signer.ms,
        },
      ],
      signer.ms + 5,
    );
    const again = new StoredDeviceState(storage);
    expect(again.status()).toMatchObject({ queued: 0, conflicts: 1, lastSyncAt: signer.ms + 5 });
    expect(again.forget()).toBe(true);
    expect([...storage.items.keys()]).toEqual([]);
    expect(new StoredDeviceState(storage).loadPairing()).toBeNull();
  });

  it('paired again after a revocation, the queued scans are held back until released, after a reload too', () => {
    const storage = new QuotaStorage();
    const { state } = openDoor(storage);
    state.savePairing(pairing);
    const decision = admittedOffline();
    state.recordOfflineScan('token', decision, { inside: true, count: 1 });
    // The server's word that the key is revoked changes the same pairing: nothing is held yet.
    state.savePairing({ ...pairing, revokedAt: signer.ms + 1 });
    expect(state.status()).toMatchObject({ queued: 1, held: 0 });
    state.savePairing({ ...pairing, apiKey: 'sk_live_new', deviceId: 'dev_new', pairedAt: signer.ms + 2 });
    state.recordOfflineScan('token2', { ...decision, ticketId: 'tik_2' }, { inside: true, count: 1 });
    const reloaded = new StoredDeviceState(storage);
    expect(reloaded.status()).toMatchObject({ queued: 1, held: 1 });
    expect(reloaded.queued(10).map((scan) => scan.ticketId)).toEqual(['tik_2']);
    expect(reloaded.releaseHeld().map((scan) => [scan.ticketId, scan.held])).toEqual([['tik_1', undefined]]);
    expect(reloaded.queued(10).map((scan) => scan.ticketId)).toEqual(['tik_1', 'tik_2']);
    expect(new StoredDeviceState(storage).status()).toMatchObject({ queued: 2, held: 0 });
  });

  it('a full storage is reported, not thrown into the scan; the scan is still decided', () => {
    const storage = new QuotaStorage();
    const { state } = openDoor(storage);
    state.savePairing(pairing);
    storage.full = true;
    const seq = state.recordOfflineScan(
      'token',
      {
        result: 'rejected',
        reason: 'malformed',
        credential: 'rotating',
        ticketId: null,
        eventId: null,
        direction: 'in',
        scannedAt: 1,
      },
      null,
    );
    expect(seq).toBe(1);
    expect(state.status().queued).toBe(1);
    expect(state.writeError).toMatch(/QuotaExceededError/);
  });

  it('a storage too full for the queue: the door keeps admitting, says which scans a reload would lose, and is whole again after sync', async () => {
    // Room for the pairing, the pack and a few dozen scans: the browser's ~5 MB, scaled down.
    const storage = new QuotaStorage(24_000);
    const first = openDoor(storage).state;
    first.savePairing(pairing);
    first.savePack(packInfo('1'), { revoked: [], admissions: [] });
    // Opened again, as a page load does, so the door has its pack.
    const { state, door } = openDoor(storage);
    const guests = Array.from({ length: 200 }, () => signer.ticket());
    let scanned = 0;
    while (state.unsavedScans() === 0 && scanned < guests.length) {
      expect(await door.scan(signer.mint(guests[scanned++]!), { offline: true })).toMatchObject({
        result: 'admitted',
      });
    }
    const saved = scanned - 1;
    expect(saved).toBeGreaterThan(10);
    expect(state.unsavedScans()).toBe(1);
    // Past the storage's room it still admits, and counts what only this page holds.
    for (const guest of guests.slice(scanned, scanned + 3))
      expect(await door.scan(signer.mint(guest), { offline: true })).toMatchObject({ result: 'admitted' });
    expect(state.status()).toMatchObject({ queued: saved + 4, unsaved: 4 });
    expect(state.writeError).toMatch(
      /^This device's storage is full: the last 4 offline scans are kept only while this page stays open\. Do not reload or close it; sync as soon as the network is back/,
    );
    // What a reload would find: the scans saved before the storage filled, not one less.
    expect(new StoredDeviceState(storage).status().queued).toBe(saved);

    // Synced: the queue is empty and saved, and the warning goes.
    state.settle(
      state.queued(1_000).map((scan) => scan.seq),
      [],
      signer.ms,
    );
    expect(state.unsavedScans()).toBe(0);
    expect(state.writeError).toBeNull();
    expect(new StoredDeviceState(storage).status().queued).toBe(0);
  });

  it("a full storage drops the guest list's names before any offline scan: every scan is kept, after a reload too, and the next whole pack brings the names back", async () => {
    const holders = (tickets: { id: string }[]) =>
      tickets.map((t, i) => ({
        ticketId: t.id,
        orderId: `ord_${i}`,
        name: `Guest Number ${i}`,
        tierId: signer.tierId,
      }));
    const guests = Array.from({ length: 200 }, () => signer.ticket());
    const info = packInfo();
    const storage = new QuotaStorage();
    const first = openDoor(storage).state;
    first.savePairing(pairing);
    first.savePack(info, { revoked: [], admissions: [], holders: holders(guests), holdersReplaced: true });
    // Room left for about two queued scans: the browser's ~5 MB, scaled down to this list.
    storage.quota = storage.used + 1_500;
    const namesSize = storage.getItem('marquee.door.names')!.length;
    expect(namesSize).toBeGreaterThan(15_000);

    const { state, door } = openDoor(storage);
    for (const guest of guests.slice(0, 20))
      expect(await door.scan(signer.mint(guest), { offline: true })).toMatchObject({ result: 'admitted' });
    // Every scan is in storage; the names made the room, and the door says so in plain words.
    expect(state.status()).toMatchObject({ queued: 20, unsaved: 0 });
    expect(state.writeError).toBeNull();
    expect(storage.getItem('marquee.door.names')).toBeNull();
    expect(state.namesDropped()).toBe(true);
    expect(state.roomNote).toMatch(
      /^Storage was full: the guest list's names were dropped from this device to keep your offline scans\..*the names come back at the next sync\.$/,
    );
    // This page still finds guests by name until it is reloaded.
    expect((await door.lookup('Number 150', { offline: true })).matches).toHaveLength(1);

    // A reload mid-night keeps every queued scan and who is inside; only the names are gone.
    const reloaded = openDoor(storage);
    expect(reloaded.state.status()).toMatchObject({ queued: 20, admissions: 20, unsaved: 0 });
    expect((await reloaded.door.scan(signer.mint(guests[3]!), { offline: true })).reason).toBe(
      'already_scanned',
    );
    expect((await reloaded.door.lookup('Number 150', { offline: true })).matches).toEqual([]);
    expect(reloaded.state.namesDropped()).toBe(true);
    // A pack's changes alone do not write a partial list back.
    reloaded.state.saveChanges({ revoked: [], admissions: [], holders: holders(guests.slice(0, 1)) });
    expect(storage.getItem('marquee.door.names')).toBeNull();

    // Synced, then a whole pack: the names are stored again and the note goes.
    reloaded.state.settle(
      reloaded.state.queued(100).map((scan) => scan.seq),
      [],
      signer.ms,
    );
    reloaded.state.savePack(info, {
      revoked: [],
      admissions: [],
      holders: holders(guests),
      holdersReplaced: true,
    });
    expect(storage.getItem('marquee.door.names')!.length).toBe(namesSize);
    expect(reloaded.state.roomNote).toBeNull();
    expect(new StoredDeviceState(storage).namesDropped()).toBe(false);
  });

  it('never drops the queue, who is inside or the pack to make room: past the names, scans are kept in the page and the door says so', async () => {
    const info = packInfo();
    const storage = new QuotaStorage();
    const first = openDoor(storage).state;
    first.savePairing(pairing);
    const named = signer.ticket();
    first.savePack(info, {
      revoked: [],
      admissions: [],
      holders: [{ ticketId: named.id, orderId: 'ord_1', name: 'Ada Guest', tierId: signer.tierId }],
      holdersReplaced: true,
    });
    storage.quota = storage.used + 1_500;
    const { state, door } = openDoor(storage);
    for (let i = 0; i < 6; i++)
      expect(await door.scan(signer.mint(signer.ticket()), { offline: true })).toMatchObject({
        result: 'admitted',
      });
    expect(state.unsavedScans()).toBeGreaterThan(0);
    expect(state.writeError).toMatch(
      /^This device's storage is full: the last \d offline scans? (is|are) kept only/,
    );
    expect(state.roomNote).toMatch(/^Storage was full/);
    const reloaded = new StoredDeviceState(storage);
    expect(reloaded.loadPairing()).toEqual(pairing);
    expect(reloaded.loadPack()).not.toBeNull();
    expect(reloaded.status().queued).toBe(6 - state.unsavedScans());
  });

  it('a damaged entry reads as absent instead of breaking the page', () => {
    const storage = new QuotaStorage();
    storage.setItem('marquee.door.queue', '{not json');
    storage.setItem('marquee.door.pairing', JSON.stringify(pairing));
    const state = new StoredDeviceState(storage);
    expect(state.status()).toMatchObject({ paired: true, queued: 0 });
  });
});
