import { describe, expect, it } from 'vitest';
import { conflictRows, type PackNames } from '../../../src/renderer/src/lib/door-conflicts.js';
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
      'Find the guest and ask for the new ticket; the new holder may come too.',
    );
    expect(todo({ serverReason: 'already_scanned', conflict: true })).toBe(
      'Another door let this ticket in first: find the guest and check whose ticket it is.',
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
