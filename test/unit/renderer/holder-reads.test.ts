import { describe, expect, it } from 'vitest';
import {
  afterHolderReads,
  HOLDER_READS_AT_ONCE,
  holderCell,
  holdersToRetry,
  readHolders,
  readingAgain,
  unreadHolderWords,
} from '../../../src/renderer/src/lib/holder-reads.js';

/** A group order's tickets: tik_1 … tik_n, each with its own attendee atd_1 … atd_n. */
function groupOrder(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: `tik_${i + 1}`, attendee_id: `atd_${i + 1}` }));
}

/** Reads that answer only when the test lets them, counting how many are on their way at once. */
function heldReads(fails: (attendeeId: string) => boolean = () => false) {
  const waiting: Array<() => void> = [];
  const asked: string[] = [];
  let onTheirWay = 0;
  let most = 0;
  const read = (attendeeId: string) =>
    new Promise<{ ticket_id: string }>((resolve, reject) => {
      asked.push(attendeeId);
      onTheirWay += 1;
      most = Math.max(most, onTheirWay);
      waiting.push(() => {
        onTheirWay -= 1;
        if (fails(attendeeId)) reject(new Error('500 internal_error'));
        else resolve({ ticket_id: attendeeId.replace('atd_', 'tik_') });
      });
    });
  const answerAll = async () => {
    while (waiting.length > 0) {
      waiting.splice(0).forEach((answer) => answer());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { read, asked, answerAll, most: () => most };
}

describe('readHolders: every holder of an order, a few at a time', () => {
  it('reads all 64 holders of a group order, never more than six at once', async () => {
    const reads = heldReads();
    const done = readHolders(groupOrder(64), reads.read);
    await new Promise((r) => setImmediate(r));
    expect(reads.asked).toHaveLength(HOLDER_READS_AT_ONCE);
    await reads.answerAll();
    const { found, failed } = await done;
    expect(reads.most()).toBe(6);
    expect(reads.asked).toHaveLength(64);
    expect(found.map((a) => a.ticket_id)).toEqual(groupOrder(64).map((t) => t.id));
    expect(failed).toEqual([]);
  });

  it('answers the tickets whose read failed, and reads the others all the same', async () => {
    const reads = heldReads((id) => id === 'atd_3' || id === 'atd_57');
    const done = readHolders(groupOrder(60), reads.read);
    await reads.answerAll();
    const { found, failed } = await done;
    expect(failed).toEqual(['tik_3', 'tik_57']);
    expect(found).toHaveLength(58);
    expect(reads.asked).toHaveLength(60);
  });

  it('reads nothing for an order without tickets', async () => {
    const reads = heldReads();
    expect(await readHolders([], reads.read)).toEqual({ found: [], failed: [] });
    expect(reads.asked).toEqual([]);
  });
});

describe('afterHolderReads, holdersToRetry and readingAgain: which holders Try again reads', () => {
  it('counts a failure, marks read one that failed before, and leaves the others alone', () => {
    const before = {
      tik_1: { failures: 1, reading: true, read: false },
      tik_2: { failures: 1, reading: true, read: false },
      tik_9: { failures: 2, reading: false, read: false },
    };
    expect(afterHolderReads(before, ['tik_1', 'tik_2', 'tik_4', 'tik_5'], ['tik_2', 'tik_5'])).toEqual({
      tik_1: { failures: 1, reading: false, read: true },
      tik_2: { failures: 2, reading: false, read: false },
      tik_5: { failures: 1, reading: false, read: false },
      tik_9: { failures: 2, reading: false, read: false },
    });
  });

  it('a name read by Try again that fails on a later read is not read again', () => {
    const read = { tik_1: { failures: 1, reading: false, read: true } };
    expect(afterHolderReads(read, ['tik_1'], ['tik_1'])).toEqual({
      tik_1: { failures: 2, reading: false, read: false },
    });
  });

  it('retries only the order’s tickets still not read and not already on their way', () => {
    const retries = {
      tik_1: { failures: 1, reading: false, read: false },
      tik_2: { failures: 1, reading: true, read: false },
      tik_3: { failures: 1, reading: false, read: true },
      tik_other_order: { failures: 1, reading: false, read: false },
    };
    expect(holdersToRetry(retries, ['tik_1', 'tik_2', 'tik_3', 'tik_4'])).toEqual(['tik_1']);
  });

  it('marks the tickets tried again as being read, leaving what it was given as it was', () => {
    const before = { tik_1: { failures: 1, reading: false, read: false } };
    expect(readingAgain(before, ['tik_1', 'tik_2'])).toEqual({
      tik_1: { failures: 1, reading: true, read: false },
    });
    expect(before.tik_1.reading).toBe(false);
  });
});

describe('unreadHolderWords', () => {
  it('says the name was not read, and "still" once trying again failed too', () => {
    expect(unreadHolderWords({ failures: 1, reading: false, read: false })).toBe('Name not read');
    expect(unreadHolderWords({ failures: 2, reading: true, read: false })).toBe('Still not read');
  });
});

describe("holderCell: what a ticket's Holder cell shows after reads that failed", () => {
  const ada = { name: 'Ada Lovelace' };

  it('keeps the name read before when the read after an action fails, marked as such', () => {
    // Read when the order opened; the read after a transfer (or a void, a buyer put right) failed.
    const retries = afterHolderReads({}, ['tik_1'], ['tik_1']);
    expect(holderCell(ada, retries.tik_1)).toEqual({
      kind: 'last-read',
      holder: ada,
      retry: { failures: 1, reading: false, read: false },
    });
    // Try again failing too keeps it still, and on its way it stays on screen.
    const again = afterHolderReads(readingAgain(retries, ['tik_1']), ['tik_1'], ['tik_1']);
    expect(holderCell(ada, readingAgain(again, ['tik_1']).tik_1)).toMatchObject({
      kind: 'last-read',
      holder: ada,
    });
  });

  it('shows the holder once read again, without the mark', () => {
    const failed = afterHolderReads({}, ['tik_1'], ['tik_1']);
    const readAgain = afterHolderReads(failed, ['tik_1'], []);
    expect(holderCell(ada, readAgain.tik_1)).toEqual({ kind: 'read', holder: ada });
  });

  it('says why for a holder never read, "Still not read" once Try again failed too', () => {
    const once = afterHolderReads({}, ['tik_1'], ['tik_1']);
    expect(holderCell(undefined, once.tik_1)).toMatchObject({ kind: 'not-read', words: 'Name not read' });
    const twice = afterHolderReads(once, ['tik_1'], ['tik_1']);
    expect(holderCell(undefined, twice.tik_1)).toMatchObject({ kind: 'not-read', words: 'Still not read' });
  });

  it('shows the holder, or "…" while on its way, when no read of it failed', () => {
    expect(holderCell(ada, undefined)).toEqual({ kind: 'read', holder: ada });
    expect(holderCell(undefined, undefined)).toEqual({ kind: 'read', holder: undefined });
  });
});
