/**
 * Judges what people held up at the doors against the credentials' own rules (CONTRACT.md
 * "Ticket credentials"), read from the tokens themselves — not from what any validator said:
 *
 * - A presentation is **valid** when it names a ticket of this evening that was still active
 *   (not voided or transferred away before the scan) and its code or pass was within its
 *   window at the moment of the scan (iat − 30 s … exp + 30 s): a live code, the strip's current
 *   window, a pass (of a tier that has paper passes). The sim knows which tokens the server
 *   issued; junk and forgeries are never valid.
 * - A valid presentation is **turned away** when the door said rejected — unless it said
 *   `already_scanned` and another presentation of the ticket had been admitted by then (the
 *   second of two at once, a copy shown later): that is the promise working, not a refusal.
 *
 * Also: stale screenshots must be refused `expired`, no out-of-window credential may be
 * admitted, every door must name the credential it read (code or pass), and each photocopied
 * pass shown at two doors at once must end as one admission and one `already_scanned`, or as
 * two admissions with the conflict reported.
 */
import type { ConflictRecord } from '../src/scanner/device-state.js';
import type { ShownAs } from './carry.js';
import type { Presentation } from './door.js';
import type { EveningRecord } from './evening.js';
import { countBy, percentile } from './stats.js';

/** The contract's skew either side of a credential's window. */
const skewMs = 30_000;
/** A door's recorded scan time and the sim's note of it are the same synchronous moment. */
const sameScanMs = 50;

interface Claims {
  typ: string;
  sub: string;
  evt: string;
  tier: string;
  iat: number;
  exp: number;
}

/** The token's header and claims, read without verifying anything; null if it is not a JWS. */
export function readClaims(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = (part: string): Record<string, unknown> =>
      JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const header = json(parts[0]!);
    const claims = json(parts[1]!);
    const { sub, evt, tier, iat, exp } = claims;
    if (typeof header.typ !== 'string' || typeof sub !== 'string' || typeof evt !== 'string') return null;
    if (typeof tier !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { typ: header.typ, sub, evt, tier, iat, exp };
  } catch {
    return null;
  }
}

export type Validity = 'valid' | 'not_a_ticket' | 'other_event' | 'revoked' | 'out_of_window' | 'no_paper';

export interface TurnedAway {
  seq: number;
  ticketId: string;
  as: ShownAs;
  door: number;
  mode: string;
  reason: string | null;
}

export interface ShownRow {
  shown: number;
  admitted: number;
  rejected: number;
}

export interface CredentialVerdicts {
  /** Every presentation by how it was held up. */
  byShownAs: Partial<Record<ShownAs, ShownRow>>;
  /** Door decisions by the credential the door read. */
  byDoorCredential: Record<string, ShownRow>;
  validity: Record<Validity, number>;
  /** Valid presentations, and those of them the door refused (must be none). */
  validShown: number;
  turnedAway: TurnedAway[];
  /** Out-of-window credentials a door admitted (must be none). */
  invalidAdmitted: number[];
  /** Doors naming another credential than the token's type (must be none). */
  credentialMisread: number[];
  stale: {
    shown: number;
    refusedExpired: number;
    /** How old the screenshots were when shown, minutes: p50 and max. */
    ageMinutes: { p50: number; max: number };
    /** Holders who then showed the real thing and were admitted. */
    thenAdmitted: number;
    /** Holders whose ticket a copy (a screenshot sent round) had got in first: already_scanned. */
    copyFirst: number;
  };
  photocopies: {
    pairs: number;
    oneAndAlreadyScanned: number;
    bothAdmittedReported: number;
    /** Pair ids ending any other way (must be none). */
    otherwise: number[];
  };
  copiesLater: { shown: number; admitted: number; byReason: Record<string, number> };
  /** Admissions the server kept (the door's, less the offline ones refused at sync), by credential. */
  validAdmissionsByCredential: Record<string, number>;
}

const row = (): ShownRow => ({ shown: 0, admitted: 0, rejected: 0 });

/** Offline admissions the server refused at sync, matched to the presentation by ticket, door and scan time. */
function refusedAtSync(record: EveningRecord): Set<number> {
  const refused = new Set<number>();
  const byDoor = new Map<number, ConflictRecord[]>(record.conflicts.map((c) => [c.door, c.records]));
  for (const p of record.presentations) {
    if (p.decision?.result !== 'admitted' || p.decision.mode !== 'offline' || p.shownAt === undefined)
      continue;
    const match = (byDoor.get(p.door) ?? []).some(
      (r) =>
        r.ticketId === p.ticketId &&
        r.localResult === 'admitted' &&
        r.serverResult === 'rejected' &&
        Math.abs(r.scannedAt - p.shownAt!) <= sameScanMs,
    );
    if (match) refused.add(p.seq);
  }
  return refused;
}

export function judgeCredentials(
  record: EveningRecord,
  reported: (ticketId: string) => boolean,
): CredentialVerdicts {
  const { presentations } = record;
  const paperTiers = new Set(record.paperTiers);
  const otherEvent = new Set(record.otherEventTickets);
  const revokedAt = new Map(Object.entries(record.revokedAt));

  const validityOf = (p: Presentation): Validity => {
    if (p.as === 'junk' || !p.ticketId) return 'not_a_ticket';
    const claims = readClaims(p.token);
    if (!claims || claims.sub !== p.ticketId) return 'not_a_ticket';
    if (otherEvent.has(p.ticketId) || claims.evt !== record.mainEventId) return 'other_event';
    const at = p.shownAt ?? Number.NaN;
    const revoked = revokedAt.get(p.ticketId);
    if (revoked !== undefined && !(at < revoked)) return 'revoked';
    if (!(at >= claims.iat * 1000 - skewMs && at <= claims.exp * 1000 + skewMs)) return 'out_of_window';
    if (claims.typ === 'ticket-pass+jwt' && !paperTiers.has(claims.tier)) return 'no_paper';
    return 'valid';
  };

  const byShownAs: Partial<Record<ShownAs, ShownRow>> = {};
  const byDoorCredential: Record<string, ShownRow> = {};
  const validity = { valid: 0, not_a_ticket: 0, other_event: 0, revoked: 0, out_of_window: 0, no_paper: 0 };
  const admittedOf = new Map<string, Presentation[]>();
  for (const p of presentations)
    if (p.ticketId && p.decision?.result === 'admitted')
      admittedOf.set(p.ticketId, [...(admittedOf.get(p.ticketId) ?? []), p]);

  const turnedAway: TurnedAway[] = [];
  const invalidAdmitted: number[] = [];
  const credentialMisread: number[] = [];
  for (const p of presentations) {
    const d = p.decision;
    if (!d) continue;
    const shown = (byShownAs[p.as] ??= row());
    const read = (byDoorCredential[d.credential] ??= row());
    for (const r of [shown, read]) {
      r.shown++;
      r[d.result]++;
    }
    const v = validityOf(p);
    validity[v]++;
    const claims = readClaims(p.token);
    if (claims && p.as !== 'junk') {
      const expected = claims.typ === 'ticket-pass+jwt' ? 'paper' : 'rotating';
      if (d.credential !== expected) credentialMisread.push(p.seq);
    }
    if (v === 'out_of_window' && d.result === 'admitted') invalidAdmitted.push(p.seq);
    if (v !== 'valid' || d.result !== 'rejected') continue;
    const inBefore = (admittedOf.get(p.ticketId!) ?? []).some(
      (q) => q !== p && (q.startedAt ?? Infinity) <= (p.decidedAt ?? -Infinity),
    );
    if (d.reason === 'already_scanned' && inBefore) continue;
    turnedAway.push({
      seq: p.seq,
      ticketId: p.ticketId!,
      as: p.as,
      door: p.door,
      mode: d.mode,
      reason: d.reason,
    });
  }

  const stale = presentations.filter((p) => p.kind === 'stale' && p.decision);
  const ages = stale
    .map((p) => {
      const claims = readClaims(p.token);
      return claims && p.shownAt !== undefined ? (p.shownAt - claims.iat * 1000) / 60_000 : Number.NaN;
    })
    .filter((age) => !Number.isNaN(age));
  const staleTickets = new Set(stale.map((p) => p.ticketId));
  const thenAdmitted = presentations.filter(
    (p) => p.kind === 'entry' && staleTickets.has(p.ticketId) && p.decision?.result === 'admitted',
  ).length;
  const copyFirst = presentations.filter(
    (p) =>
      p.kind === 'entry' &&
      staleTickets.has(p.ticketId) &&
      p.decision?.reason === 'already_scanned' &&
      (admittedOf.get(p.ticketId!) ?? []).some(
        (q) => q.kind === 'replay' && (q.startedAt ?? Infinity) <= (p.decidedAt ?? -Infinity),
      ),
  ).length;

  const pairs = new Map<number, Presentation[]>();
  for (const p of presentations)
    if (p.pairId !== undefined && p.decision) pairs.set(p.pairId, [...(pairs.get(p.pairId) ?? []), p]);
  let oneAndAlreadyScanned = 0;
  let bothAdmittedReported = 0;
  const otherwise: number[] = [];
  for (const [pairId, pair] of pairs) {
    const admitted = pair.filter((p) => p.decision!.result === 'admitted');
    const refused = pair.filter((p) => p.decision!.reason === 'already_scanned');
    if (pair.length === 2 && admitted.length === 1 && refused.length === 1) oneAndAlreadyScanned++;
    else if (pair.length === 2 && admitted.length === 2 && reported(pair[0]!.ticketId!))
      bothAdmittedReported++;
    else otherwise.push(pairId);
  }

  const copies = presentations.filter((p) => p.kind === 'replay' && p.decision);
  const refused = refusedAtSync(record);
  const kept = presentations.filter(
    (p) =>
      p.decision?.result === 'admitted' &&
      p.ticketId !== null &&
      !refused.has(p.seq) &&
      !otherEvent.has(p.ticketId),
  );

  return {
    byShownAs,
    byDoorCredential,
    validity,
    validShown: validity.valid,
    turnedAway,
    invalidAdmitted,
    credentialMisread,
    stale: {
      shown: stale.length,
      refusedExpired: stale.filter((p) => p.decision!.reason === 'expired').length,
      ageMinutes: { p50: percentile(ages, 50), max: ages.length ? Math.max(...ages) : Number.NaN },
      thenAdmitted,
      copyFirst,
    },
    photocopies: { pairs: pairs.size, oneAndAlreadyScanned, bothAdmittedReported, otherwise },
    copiesLater: {
      shown: copies.length,
      admitted: copies.filter((p) => p.decision!.result === 'admitted').length,
      byReason: countBy(
        copies.filter((p) => p.decision!.reason),
        (p) => p.decision!.reason!,
      ),
    },
    validAdmissionsByCredential: countBy(kept, (p) => p.decision!.credential),
  };
}
