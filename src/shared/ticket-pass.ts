/**
 * The paper pass of CONTRACT.md "Ticket credentials": a JWS like the rotating code (same keys,
 * same claims, same reader: ticket-token.ts) with header `typ` `ticket-pass+jwt` and a lifetime
 * that runs to a day after the event's doors. Printed tickets, PDF tickets and mail carry it.
 * Browser-safe.
 *
 * A pass is deterministic: the same ticket, event and signing key give the same pass (Ed25519
 * signatures are), so a reprint matches the first print and the ticket's answer can be cached.
 */
export const passTyp = 'ticket-pass+jwt';

/** A pass stays valid until this long after the event's doors (plus the usual 30 s of skew). */
export const passValidAfterDoorsSeconds = 24 * 60 * 60;

/**
 * The pass's `exp` (unix seconds) for an event whose doors open at `doorsAtMs`. Rounded up: the
 * contract promises no earlier than doors + 24 h, and doors may fall between two seconds.
 */
export const passExpFor = (doorsAtMs: number): number =>
  Math.ceil(doorsAtMs / 1000) + passValidAfterDoorsSeconds;
