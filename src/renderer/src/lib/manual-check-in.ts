/**
 * The pure pieces of checking a guest in by hand, shared by the door (through the SDK) and the
 * box office (through the API client): the reasons staff give most, and how a found ticket stands.
 */
import type { ScanReason } from '../api/scan-types.js';
import { scanReasonWords } from '../../../shared/scan-reasons.js';

/** Reasons staff give most; anything else can be typed. */
export const quickReasons = ['Dead phone', 'Guest list', 'Lost ticket', 'No signal'] as const;

/** The server's limit on a check-in reason (CONTRACT.md "At the door": 1-200 characters). */
export const maxReason = 200;

/** The server refuses shorter searches: one letter would list most of the guest list. */
export const minLookupLength = 2;

/** Wait this long after the last keystroke before asking for matches. */
export const typingPauseMs = 250;

/** What a lookup match says about a ticket, whichever side found it. */
export interface FoundStanding {
  status: 'active' | 'voided' | 'transferred';
  /** Inside now. */
  scanned: boolean;
}

/** The ticket's standing in one or two words: "Inside", "Not arrived", "Voided", "Transferred". */
export function standing(match: FoundStanding): string {
  if (match.status !== 'active') return match.status === 'voided' ? 'Voided' : 'Transferred';
  return match.scanned ? 'Inside' : 'Not arrived';
}

/**
 * A search that found nobody. Offline the door searches its pack, which names only valid tickets
 * (CONTRACT.md "Scanning": voided and transferred tickets come as bare ids), and only those sold
 * before it was pulled (`packAt`, the status line's "Door pack 20:35"): a refunded or transferred
 * guest, and one who bought at the box office since, is not found. Said plainly, so nobody
 * concludes the guest has no ticket, nor tells a guest with tonight's receipt it was refunded.
 */
export function noMatchWords(
  q: string | null,
  mode: 'online' | 'offline',
  packAt: string | null = null,
  /** The door dropped its guest list's names from a full storage (stored-device-state.ts roomNote). */
  namesDropped = false,
): string {
  const typed = q === null ? '' : ` “${q.trim()}”`;
  if (mode === 'online') return `Nobody of this event matches${typed}.`;
  if (namesDropped)
    return `No ticket matches${typed} in the names this door still has. Storage was full, so the guest list’s names were dropped from this device: after a reload it has none until the next sync. The guest’s code still scans; search again once the door is online.`;
  const asOf = packAt ? ` as of ${packAt}` : '';
  return `No valid ticket matches${typed} in this door’s guest list. Offline the door knows only valid tickets${asOf}: one sold since (its code still scans), or a refunded, voided or transferred one, may not show here. Search again once the door is online.`;
}

/**
 * What a screen reader hears as a guest search answers (a live region by the field): the list
 * appears below it and says nothing by itself. Empty when there is nothing to say yet. Never the
 * typed text: each key press that still finds nobody would change the words, and the reader would
 * say "Nobody matches" again at every letter; the same words are not written again, so not re-read.
 */
export function lookupNews(
  q: string,
  found: { count: number; more: boolean; mode: 'online' | 'offline' } | null,
  packAt: string | null = null,
): string {
  const text = q.trim();
  if (text.length === 0) return '';
  if (!canSearch(text)) return 'Type at least 2 letters.';
  if (!found) return '';
  if (found.count === 0) return noMatchWords(null, found.mode, packAt);
  const guests = `${found.count} ${found.count === 1 ? 'guest' : 'guests'} found`;
  return found.more ? `${guests}; more match: type more of the name.` : `${guests}.`;
}

/** True when the typed text is long enough to search (after trimming, as the server counts). */
export function canSearch(q: string): boolean {
  return q.trim().length >= minLookupLength;
}

/**
 * How many more of an order could still be let in after an admission, from the check-in answer's
 * `order` (active tickets, of them inside); 0 when none or the answer named no order.
 */
export function othersNotInside(order: { tickets: number; admitted: number } | null | undefined): number {
  return order ? Math.max(0, order.tickets - order.admitted) : 0;
}

/** A refused check-in in the words staff say to the guest ("Already used: this ticket is inside"). */
export function refusalWords(reason: ScanReason | null): string {
  return reason ? scanReasonWords[reason].log : 'Not admitted (the server gave no reason)';
}

/** The outcome of "admit the rest of this order", from each ticket's result. */
export function restOfOrderWords(results: readonly { result: 'admitted' | 'rejected' }[]): string {
  const admitted = results.filter((r) => r.result === 'admitted').length;
  if (admitted === 0)
    return 'Nobody else of this order could be let in: they are inside or their tickets were voided.';
  return admitted === 1 ? 'Admitted 1 more of this order.' : `Admitted ${admitted} more of this order.`;
}
