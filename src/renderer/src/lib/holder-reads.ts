import { mapLimited } from './limited-map.js';

/**
 * How many holders an order's detail reads at once. A group order holds up to 100 tickets per
 * tier and several tiers: one GET each, all together, queued the till's own requests behind them
 * and landed on the venue server at once. Six is what a browser keeps open to one server anyway.
 */
export const HOLDER_READS_AT_ONCE = 6;

/**
 * A ticket whose holder's read failed: how many reads of it failed, whether one is on its way,
 * and whether Try again has read it since (its row then shows the name where the words were).
 */
export interface HolderRetry {
  failures: number;
  reading: boolean;
  read: boolean;
}

export interface HolderReads<A> {
  found: A[];
  /** The tickets whose holder's read failed (network, server error), in the order given. */
  failed: string[];
}

/**
 * Reads the holder of every ticket given, however many, `limit` at a time. A failed read is
 * answered as such and does not stop the others.
 */
export async function readHolders<A>(
  tickets: readonly { id: string; attendee_id: string }[],
  read: (attendeeId: string) => Promise<A>,
  limit = HOLDER_READS_AT_ONCE,
): Promise<HolderReads<A>> {
  const answers = await mapLimited(tickets, limit, async (ticket) => {
    try {
      return { ticketId: ticket.id, holder: await read(ticket.attendee_id) };
    } catch {
      return { ticketId: ticket.id, holder: null };
    }
  });
  const found: A[] = [];
  const failed: string[] = [];
  for (const answer of answers) {
    if (answer.holder === null) failed.push(answer.ticketId);
    else found.push(answer.holder);
  }
  return { found, failed };
}

/**
 * The retries once `tried` tickets were read (again): a `failed` one counts one more failure; one
 * that failed before and is read now is marked read; the others are left as they were.
 */
export function afterHolderReads(
  retries: Readonly<Record<string, HolderRetry>>,
  tried: readonly string[],
  failed: readonly string[],
): Record<string, HolderRetry> {
  const next = { ...retries };
  const failedNow = new Set(failed);
  for (const ticketId of tried) {
    const was = retries[ticketId];
    if (failedNow.has(ticketId))
      next[ticketId] = { failures: (was?.failures ?? 0) + 1, reading: false, read: false };
    else if (was) next[ticketId] = { ...was, reading: false, read: true };
  }
  return next;
}

/** The tickets whose holder is still not read, and not on its way: what Try again reads. */
export function holdersToRetry(
  retries: Readonly<Record<string, HolderRetry>>,
  ticketIds: readonly string[],
): string[] {
  return ticketIds.filter((id) => {
    const retry = retries[id];
    return retry !== undefined && !retry.read && !retry.reading;
  });
}

/** The retries with `ticketIds` being read again (the others as they were). */
export function readingAgain(
  retries: Readonly<Record<string, HolderRetry>>,
  ticketIds: readonly string[],
): Record<string, HolderRetry> {
  const next = { ...retries };
  for (const ticketId of ticketIds) {
    const was = retries[ticketId];
    if (was) next[ticketId] = { ...was, reading: true };
  }
  return next;
}

/** What the Holder cell says for a holder not read: "Still not read" once a try again failed too. */
export function unreadHolderWords(retry: HolderRetry): string {
  return retry.failures > 1 ? 'Still not read' : 'Name not read';
}

/**
 * What a ticket's Holder cell shows. `read`: the holder (undefined while still being read).
 * `last-read`: the read after an action on the order failed, so the name read before stays, with
 * word that it may be out of date; staff had it on screen and still need it. `not-read`: a holder
 * never read, with why.
 */
export type HolderCell<A> =
  | { kind: 'read'; holder: A | undefined }
  | { kind: 'last-read'; holder: A; retry: HolderRetry }
  | { kind: 'not-read'; words: string; retry: HolderRetry };

export function holderCell<A>(lastRead: A | undefined, retry: HolderRetry | undefined): HolderCell<A> {
  if (!retry || retry.read) return { kind: 'read', holder: lastRead };
  if (lastRead !== undefined) return { kind: 'last-read', holder: lastRead, retry };
  return { kind: 'not-read', words: unreadHolderWords(retry), retry };
}
