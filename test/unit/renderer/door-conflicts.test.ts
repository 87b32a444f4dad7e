import { describe, expect, it } from 'vitest';
import {
  conflictKeys,
  conflictRows,
  doubleAdmissionWarning,
  handledConflictsKey,
  saveHandledConflicts,
  stillToCheck,
  storedHandledConflicts,
  type PackNames,
} from '../../../src/renderer/src/lib/door-conflicts.js';
import type { KeyValueStorage } from '../../../src/scanner/stored-device-state.js';
import { scanReasonWords } from '../../../src/shared/scan-reasons.js';

type Record = Parameters<typeof conflictRows>[0][number];
const record = (over: Partial<Record>): Record => ({
  ticketId: 'tik_ivy',
  scannedAt: Date.UTC(2026, 10, 28, 20, 14),
  localResult: 'admitted',
  serverResult: 'rejected',
  serverReason: 'voided',
  conflict: false,
  recordedAt: 1,
  ...over,
});

const pack: PackNames = {
  name: (id) => ({ tik_ivy: 'Ivy Stone' })[id] ?? null,
  tierName: (id) => ({ tik_ivy: 'VIP lounge' })[id] ?? null,
};

describe('conflictRows', () => {
  it('names the guest and tier from the door pack, with the server’s reason in the shared words', () => {
    const [row] = conflictRows([record({})], pack);
    expect(row).toMatchObject({
      ticketId: 'tik_ivy',
      name: 'Ivy Stone',
      tierName: 'VIP lounge',
      doorDid: 'Let in',
      at: Date.UTC(2026, 10, 28, 20, 14),
      server: scanReasonWords.voided.log,
    });
    expect(row!.todo).toMatch(/^Find the guest/);
  });

  it('leaves the name and tier empty when the pack does not know the ticket', () => {
    const [row] = conflictRows([record({ ticketId: 'tik_other' })], pack);
    expect(row).toMatchObject({ name: null, tierName: null, ticketId: 'tik_other' });
    const [unread] = conflictRows([record({ ticketId: null })], pack);
    expect(unread).toMatchObject({ name: null, ticketId: null });
  });

  it('says what to do for each kind of disagreement', () => {
    const todo = (over: Partial<Record>) => conflictRows([record(over)], pack)[0]!.todo;
    expect(todo({ serverReason: 'transferred' })).toBe(
      'Find the guest and send them to the box office: this ticket was replaced by a newer one, whose holder may come too.',
    );
    expect(todo({ serverReason: 'already_scanned', conflict: true })).toBe(
      'Another door let this ticket in too, and the server counts that entry: one ticket, two people. Find the guest and check whose ticket it is.',
    );
    // This same door had let them in: the answer was lost, the one inside is the holder.
    expect(todo({ serverReason: 'already_scanned' })).toBe(
      'Nothing to do: this door had let the guest in already.',
    );
    expect(todo({ serverReason: 'wrong_event' })).toBe('Find the guest and check their ticket.');
    const turnedAway = conflictRows(
      [record({ localResult: 'rejected', serverResult: 'admitted', serverReason: null })],
      pack,
    )[0]!;
    expect(turnedAway).toMatchObject({ doorDid: 'Turned away', server: 'The server accepts this ticket' });
    expect(turnedAway.todo).toBe(
      'The server accepts this ticket: if the guest was turned away, let them in.',
    );
  });

  it('lists the newest first', () => {
    const rows = conflictRows(
      [record({ ticketId: 'tik_a', recordedAt: 1 }), record({ ticketId: 'tik_b', recordedAt: 2 })],
      pack,
    );
    expect(rows.map((r) => r.ticketId)).toEqual(['tik_b', 'tik_a']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });
});

describe('a ticket let in at two doors', () => {
  // Local times, so the words read 20:41 and 20:43 in any time zone the tests run in.
  const at2041 = new Date(2026, 10, 30, 20, 41).getTime();
  const at2043 = new Date(2026, 10, 30, 20, 43).getTime();
  const doubleAdmission = {
    counted: { scanId: 'scn_a', deviceId: 'dev_a', deviceName: 'Door A', scannedAt: at2041 },
    conflicting: { scanId: 'scn_b', deviceId: 'dev_b', deviceName: 'Door B', scannedAt: at2043 },
  };
  /** Door B's record, from its sync: its entry lost. */
  const atB = record({ scannedAt: at2043, serverReason: 'already_scanned', conflict: true, doubleAdmission });
  /** Door A's record, from the feed: its entry counted. */
  const atA = record({
    scannedAt: at2041,
    serverResult: 'admitted',
    serverReason: null,
    conflict: true,
    doubleAdmission,
  });

  it('both doors name both doors and their times, saying which is this door and which entry counted', () => {
    expect(conflictRows([atB], pack)[0]).toMatchObject({
      name: 'Ivy Stone',
      tierName: 'VIP lounge',
      doorDid: 'Let in',
      twice: 'Let in twice: at Door A at 20:41 (the entry counted) and at Door B at 20:43 (this door).',
    });
    expect(conflictRows([atA], pack)[0]).toMatchObject({
      doorDid: 'Let in',
      server: 'Admitted twice',
      twice: 'Let in twice: at Door A at 20:41 (this door, the entry counted) and at Door B at 20:43.',
      todo: 'Door B let this ticket in too: one ticket, two people. Find the guest let in here and check whose ticket it is.',
    });
  });

  it('is said at once in words: the ticket, the guest and tier, both doors and times, what to do', () => {
    expect(doubleAdmissionWarning(atA, pack)).toBe(
      'Ticket tik_ivy (Ivy Stone, VIP lounge) was let in twice: at Door A at 20:41 (this door, the entry counted) and at Door B at 20:43. Door B let this ticket in too: one ticket, two people. Find the guest let in here and check whose ticket it is.',
    );
    expect(doubleAdmissionWarning(atB, pack)).toMatch(
      /^Ticket tik_ivy \(Ivy Stone, VIP lounge\) was let in twice: at Door A at 20:41 \(the entry counted\) and at Door B at 20:43 \(this door\)\. Another door let this ticket in too/,
    );
    // Other disagreements, and a conflict from a server that does not name the doors, say nothing new.
    expect(doubleAdmissionWarning(record({}), pack)).toBeNull();
    const unnamed = record({ serverReason: 'already_scanned', conflict: true });
    expect(doubleAdmissionWarning(unnamed, pack)).toBeNull();
    expect(conflictRows([unnamed], pack)[0]!.twice).toBeNull();
  });
});

/** A browser's localStorage, as far as the door uses it. */
function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('conflicts marked Done', () => {
  const ivy = record({ recordedAt: 10 });
  const tom = record({ ticketId: 'tik_tom', recordedAt: 20 });

  it('keeps each conflict’s key as older ones drop off the device’s list, and tells identical ones apart', () => {
    const [, tomKey] = conflictKeys([ivy, tom]);
    expect(conflictKeys([tom])).toEqual([tomKey]);
    const twice = conflictKeys([ivy, ivy]);
    expect(new Set(twice).size).toBe(2);
  });

  it('counts only what is still to check, and marks the rows', () => {
    const [ivyKey] = conflictKeys([ivy, tom]);
    const handled = new Set([ivyKey!]);
    expect(stillToCheck([ivy, tom], handled)).toBe(1);
    expect(stillToCheck([ivy, tom], new Set())).toBe(2);
    const rows = conflictRows([ivy, tom], pack, handled);
    expect(rows.map((r) => [r.ticketId, r.handled])).toEqual([
      ['tik_tom', false],
      ['tik_ivy', true],
    ]);
  });

  it('are kept in storage across a reload, pruned to the conflicts the device still lists', () => {
    const storage = memoryStorage();
    expect(storedHandledConflicts(storage)).toEqual(new Set());
    const [ivyKey, tomKey] = conflictKeys([ivy, tom]);
    const kept = saveHandledConflicts(storage, new Set([ivyKey!, tomKey!, 'gone:1:tik_x:0']), [ivy, tom]);
    expect(kept).toEqual(new Set([ivyKey, tomKey]));
    expect(storedHandledConflicts(storage)).toEqual(new Set([ivyKey, tomKey]));
    // Ivy's dropped off the device's list: her mark goes with it; with none left, so does the entry.
    expect(saveHandledConflicts(storage, kept, [tom])).toEqual(new Set([tomKey]));
    saveHandledConflicts(storage, new Set(), [tom]);
    expect(storage.items.has(handledConflictsKey)).toBe(false);
  });

  it('reads a damaged entry as none marked', () => {
    const storage = memoryStorage();
    storage.setItem(handledConflictsKey, '{not json');
    expect(storedHandledConflicts(storage)).toEqual(new Set());
    storage.setItem(handledConflictsKey, JSON.stringify({ a: 1 }));
    expect(storedHandledConflicts(storage)).toEqual(new Set());
  });
});
