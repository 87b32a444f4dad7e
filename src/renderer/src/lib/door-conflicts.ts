import type { ConflictRecord, DoorEntry } from '../../../scanner/device-state.js';
import type { KeyValueStorage } from '../../../scanner/stored-device-state.js';
import { refusalWords } from './manual-check-in.js';
import { clock } from './scan-words.js';

/**
 * The door's conflicts as a steward reads them: scans this door decided alone (offline) that the
 * server, at sync, saw differently. Who (the door pack's name when it knows one), what the door
 * did and when, the server's reason in the shared scan-reason words, and what to do about it.
 */
export interface ConflictRow {
  /** Names the conflict across reloads (see conflictKeys): what "Done" is kept under. */
  key: string;
  /** A steward marked it Done: dealt with (the guest found), no longer counted on the pill. */
  handled: boolean;
  ticketId: string | null;
  /** The guest's name from the door pack; null when the pack names nobody for the ticket. */
  name: string | null;
  tierName: string | null;
  /** What this door did, and when: "Let in" or "Turned away". */
  doorDid: 'Let in' | 'Turned away';
  at: number;
  /** The server's word on the ticket ("Ticket voided (refunded, or the event was cancelled)"). */
  server: string;
  /** What the steward does now. */
  todo: string;
  /**
   * A double admission, both doors by name and time ("Let in twice: at Door A at 20:41 (this
   * door, the entry counted) and at Door B at 20:43."); null for other disagreements.
   */
  twice: string | null;
}

/** What the door pack says of a ticket; both null when it does not know the ticket. */
export interface PackNames {
  name(ticketId: string): string | null;
  tierName(ticketId: string): string | null;
}

type Disagreement = Pick<
  ConflictRecord,
  | 'ticketId'
  | 'scannedAt'
  | 'localResult'
  | 'serverResult'
  | 'serverReason'
  | 'conflict'
  | 'recordedAt'
  | 'doubleAdmission'
>;

/**
 * This door's entry is the one the server counts, and another door let the same ticket in too
 * (heard on the feed): the only record where the server admitted and still flags a conflict.
 */
const countedHere = (d: Disagreement): boolean => d.conflict && d.serverResult === 'admitted';

const doorWords = (entry: DoorEntry): string =>
  entry.deviceName ?? (entry.deviceId ? 'another door' : 'a till');

/**
 * Both entries of a double admission in a steward's words, on the door's clock (the server's
 * time): "at Door A at 20:41 (this door, the entry counted) and at Door B at 20:43". Null when
 * the record names no pair (another disagreement, or a server that does not say).
 */
function bothDoors(d: Disagreement): string | null {
  const pair = d.doubleAdmission;
  if (!d.conflict || !pair) return null;
  const here = countedHere(d) ? 'counted' : 'conflicting';
  const counted = `${doorWords(pair.counted)} at ${clock(pair.counted.scannedAt)} (${here === 'counted' ? 'this door, ' : ''}the entry counted)`;
  const conflicting = `${doorWords(pair.conflicting)} at ${clock(pair.conflicting.scannedAt)}${here === 'conflicting' ? ' (this door)' : ''}`;
  return `at ${counted} and at ${conflicting}`;
}

/** The conflicts list's line for a double admission: "Let in twice: at Door A at 20:41 (…) and …". */
function twiceLine(d: Disagreement): string | null {
  const doors = bothDoors(d);
  return doors ? `Let in twice: ${doors}.` : null;
}

/**
 * What a steward is told the moment a double admission reaches this door (its sync, or the feed
 * for the door whose entry counted): "Ticket tik_… (Ada Guest, General admission) was let in
 * twice: at Door A at 20:41 (the entry counted) and at Door B at 20:43 (this door). Find …".
 * Null for any other record.
 */
export function doubleAdmissionWarning(d: Disagreement, pack: PackNames): string | null {
  const doors = bothDoors(d);
  if (!doors) return null;
  const known = d.ticketId ? [pack.name(d.ticketId), pack.tierName(d.ticketId)].filter(Boolean) : [];
  const ticket = `Ticket ${d.ticketId ?? '(unreadable)'}${known.length > 0 ? ` (${known.join(', ')})` : ''}`;
  return `${ticket} was let in twice: ${doors}. ${todo(d)}`;
}

function todo(d: Disagreement): string {
  // A record is kept only where the verdicts differ (or for a conflict, always a refusal).
  if (countedHere(d)) {
    const other = d.doubleAdmission ? doorWords(d.doubleAdmission.conflicting) : 'another door';
    return `${other === 'another door' ? 'Another door' : other} let this ticket in too: one ticket, two people. Find the guest let in here and check whose ticket it is.`;
  }
  if (d.localResult === 'rejected')
    return 'The server accepts this ticket: if the guest was turned away, let them in.';
  if (d.conflict)
    return 'Another door let this ticket in too, and the server counts that entry: one ticket, two people. Find the guest and check whose ticket it is.';
  switch (d.serverReason) {
    // This same door had let them in (an answer lost on the Wi-Fi): the one inside is the holder.
    case 'already_scanned':
      return 'Nothing to do: this door had let the guest in already.';
    case 'transferred':
      // Handed on or reissued: the one let in may hold a stale copy (a lost phone, an old print).
      return 'Find the guest and send them to the box office: this ticket was replaced by a newer one, whose holder may come too.';
    case 'voided':
      return 'Find the guest: the ticket is no longer valid. Send them to the box office.';
    default:
      return 'Find the guest and check their ticket.';
  }
}

/**
 * A name for each conflict that stays the same across reloads and as the oldest drop off the
 * device's list (it keeps the latest 200): when it was recorded, the scan's moment and ticket,
 * and which of identical ones.
 */
export function conflictKeys(records: readonly Disagreement[]): string[] {
  const seen = new Map<string, number>();
  return records.map((d) => {
    const base = `${d.recordedAt}:${d.scannedAt}:${d.ticketId ?? '-'}`;
    const nth = seen.get(base) ?? 0;
    seen.set(base, nth + 1);
    return `${base}:${nth}`;
  });
}

/** The conflicts still to check: the pill's number. */
export function stillToCheck(records: readonly Disagreement[], handled: ReadonlySet<string>): number {
  return conflictKeys(records).filter((key) => !handled.has(key)).length;
}

/** The rows to show, newest first: the steward acts on the latest first. */
export function conflictRows(
  records: readonly Disagreement[],
  pack: PackNames,
  handled: ReadonlySet<string> = new Set(),
): ConflictRow[] {
  const keys = conflictKeys(records);
  return records
    .map((d, i) => ({
      key: keys[i]!,
      handled: handled.has(keys[i]!),
      ticketId: d.ticketId,
      name: d.ticketId ? pack.name(d.ticketId) : null,
      tierName: d.ticketId ? pack.tierName(d.ticketId) : null,
      doorDid: d.localResult === 'admitted' ? ('Let in' as const) : ('Turned away' as const),
      at: d.scannedAt,
      server: countedHere(d)
        ? 'Admitted twice'
        : d.serverResult === 'admitted'
          ? 'The server accepts this ticket'
          : refusalWords(d.serverReason),
      todo: todo(d),
      twice: twiceLine(d),
    }))
    .reverse();
}

/**
 * Where this browser keeps the conflicts its stewards marked Done, so a reload does not bring
 * them back. The device's own list (stored-device-state.ts) stays as the server's word on each.
 */
export const handledConflictsKey = 'marquee.door.handledConflicts';

/** The conflicts marked Done on this browser; empty when none are or the entry is damaged. */
export function storedHandledConflicts(storage: KeyValueStorage): Set<string> {
  try {
    const list: unknown = JSON.parse(storage.getItem(handledConflictsKey) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Keeps the marks of the conflicts the device still lists (one that dropped off its list, or a
 * door paired again, takes its mark along). A write that fails keeps the marks until a reload.
 */
export function saveHandledConflicts(
  storage: KeyValueStorage,
  handled: ReadonlySet<string>,
  records: readonly Disagreement[],
): Set<string> {
  const kept = new Set(conflictKeys(records).filter((key) => handled.has(key)));
  try {
    if (kept.size === 0) storage.removeItem(handledConflictsKey);
    else storage.setItem(handledConflictsKey, JSON.stringify([...kept]));
  } catch {
    // Full storage: the marks hold until the page is reloaded.
  }
  return kept;
}
