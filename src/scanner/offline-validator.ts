/**
 * The door's offline decision: the same checks as `POST /v2/scan/validate`, in the same order,
 * made from the door pack and what this device has seen, for both forms a ticket is shown in (a
 * rotating code or a paper pass). Browser-safe (no Node imports).
 */
import {
  base64UrlToBytes,
  parseCredential,
  presentedCredential,
  windowRejection,
  type Credential,
  type Ed25519Jwk,
  type ParsedToken,
} from '../shared/ticket-token.js';
import { foldForMatch } from '../shared/search-fold.js';
import { verifyEd25519 } from './noble.js';
import { SignatureCache } from './signature-cache.js';
import type {
  AdmissionState,
  Direction,
  DoorEvent,
  DoorPack,
  DoorTier,
  Holder,
  LookupMatch,
  Occupancy,
  OfflineDecision,
  RejectReason,
  RevokedStatus,
} from './types.js';

/**
 * The parts of a door pack the validator reads. The server always sends `exited` (empty in a
 * whole pack); it is optional here so a pack built by hand (tests, the bench) may leave it out.
 */
export type PackContents = Pick<DoorPack, 'jwks' | 'revoked' | 'scanned'> &
  Partial<Pick<DoorPack, 'exited' | 'tiers' | 'holders'>> & { event: DoorEvent };

/** At most this many answers to a lookup, as on the server. */
export const lookupLimit = 10;
export const lookupMinLength = 2;

/** The pack's holders with each tier index turned into the tier's id. */
export function packHolders(pack: Pick<DoorPack, 'holders' | 'tiers'>): Holder[] {
  const tiers = pack.tiers ?? [];
  return (pack.holders ?? []).map(([ticketId, orderId, name, tierIndex, fromTransfer]) => ({
    ticketId,
    orderId,
    name,
    tierId: tiers[tierIndex]?.id ?? '',
    ...(fromTransfer === 1 ? { fromTransfer: true } : {}),
  }));
}

export interface CheckOptions {
  /** Epoch ms of the scan; defaults to the validator's clock. */
  at?: number;
  direction?: Direction;
}

/** Public keys by kid; a JWK that is not an Ed25519 OKP key is skipped, never trusted. */
function decodeKeys(keys: readonly Ed25519Jwk[]): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const jwk of keys) {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.kid !== 'string') continue;
    try {
      const bytes = base64UrlToBytes(jwk.x);
      if (bytes.length === 32) out.set(jwk.kid, bytes);
    } catch {
      // A key that does not decode verifies nothing; the others still do.
    }
  }
  return out;
}

export class OfflineValidator {
  private keys = new Map<string, Uint8Array>();
  private event: string | null = null;
  private eventCancelled = false;
  private readonly revoked = new Map<string, RevokedStatus>();
  /** When a `transferred` ticket was replaced, as far as a pack said (ms); only those, never all. */
  private readonly replacedTimes = new Map<string, number>();
  /** Tiers whose paper passes are refused; a tier the pack does not name takes them (the default). */
  private readonly paperRefused = new Set<string>();
  private readonly tierNames = new Map<string, string>();
  private readonly admissions = new Map<string, AdmissionState>();
  /** How many of `admissions` are inside: inside / capacity without counting the map each time. */
  private insideCount = 0;
  private capacity: number | null = null;
  private readonly holders = new Map<string, Holder>();
  private readonly orders = new Map<string, string[]>();
  /**
   * Folded names (foldForMatch, as the server's door lookup folds them: case, accents, ß, curly
   * apostrophes) and their tickets, side by side: a lookup is one pass of includes().
   */
  private readonly searchNames: string[] = [];
  private readonly searchTickets: string[] = [];
  private readonly searchIndex = new Map<string, number>();
  private readonly signatures: SignatureCache;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly now: () => number = Date.now,
    cacheCapacity?: number,
  ) {
    this.signatures = new SignatureCache(cacheCapacity);
  }

  get eventId(): string | null {
    return this.event;
  }

  /** True once there are keys to verify with: before that every token would read as forged. */
  get ready(): boolean {
    return this.event !== null && this.keys.size > 0;
  }

  get cachedSignatures(): number {
    return this.signatures.size;
  }

  /**
   * Takes a full or delta door pack. Keys, tiers and the event are replaced; revocations and
   * admissions only ever accumulate, because a delta lists what changed, not what stayed.
   */
  loadPack(pack: PackContents): void {
    this.setEvent(pack.event);
    this.setKeys(pack.jwks.keys);
    if (pack.tiers) this.setTiers(pack.tiers);
    for (const entry of pack.revoked) this.revokeEntry(entry);
    for (const ticketId of pack.scanned) this.learnAdmitted(ticketId);
    for (const ticketId of pack.exited ?? []) this.learnExited(ticketId);
    this.addHolders(packHolders(pack));
  }

  /** The door's event; switching to another one forgets the old event's tickets. */
  setEvent(event: DoorEvent): void {
    if (this.event !== null && this.event !== event.id) {
      this.revoked.clear();
      this.replacedTimes.clear();
      this.admissions.clear();
      this.insideCount = 0;
      this.paperRefused.clear();
      this.tierNames.clear();
      this.clearHolders();
    }
    this.event = event.id;
    this.eventCancelled = event.status === 'cancelled';
    if (event.capacity !== undefined) this.capacity = event.capacity;
  }

  /** Inside / capacity as this door knows it (its own scans, the pack, the feed). */
  occupancy(): Occupancy {
    const inside = this.insideCount;
    const capacity = this.capacity;
    const level =
      capacity === null ? 'ok' : inside >= capacity ? 'full' : inside >= capacity * 0.9 ? 'warning' : 'ok';
    return { inside, capacity, level };
  }

  /** Names for lookup, from a pack (a delta adds to them; a ticket named again is updated). */
  addHolders(holders: readonly Holder[]): void {
    for (const holder of holders) {
      const known = this.holders.get(holder.ticketId);
      this.holders.set(holder.ticketId, holder);
      const index = this.searchIndex.get(holder.ticketId);
      if (index === undefined) {
        this.searchIndex.set(holder.ticketId, this.searchNames.length);
        this.searchNames.push(foldForMatch(holder.name));
        this.searchTickets.push(holder.ticketId);
      } else this.searchNames[index] = foldForMatch(holder.name);
      // The buyer's group only: a ticket transferred in is its holder's, who comes on their own.
      if (known?.orderId !== holder.orderId && !holder.fromTransfer) {
        const tickets = this.orders.get(holder.orderId);
        if (tickets) tickets.push(holder.ticketId);
        else this.orders.set(holder.orderId, [holder.ticketId]);
      }
    }
  }

  clearHolders(): void {
    this.holders.clear();
    this.orders.clear();
    this.searchNames.length = 0;
    this.searchTickets.length = 0;
    this.searchIndex.clear();
  }

  holder(ticketId: string): Holder | undefined {
    return this.holders.get(ticketId);
  }

  /** The buyer's tickets of the order as the pack named them, in sale order (none transferred in). */
  orderTickets(orderId: string): string[] {
    return [...(this.orders.get(orderId) ?? [])];
  }

  /**
   * Up to 10 tickets whose attendee name contains `query` (any case or accent, folded as the
   * server folds it: "fernandez" finds Fernández, "o'brien" O’Brien) or whose order id starts
   * with it (`ord_…`), as the server's GET /v2/scan/lookup answers; a query under 2 characters
   * finds nothing (it would list most of the guest list).
   */
  lookup(query: string): { matches: LookupMatch[]; hasMore: boolean } {
    const q = query.trim();
    const found: string[] = [];
    if (q.length >= lookupMinLength) {
      if (/^ord_/i.test(q)) {
        const prefix = `ord_${q.slice(4)}`;
        for (const [orderId, tickets] of this.orders) {
          if (!orderId.startsWith(prefix)) continue;
          found.push(...tickets);
          if (found.length > lookupLimit) break;
        }
      } else {
        const needle = foldForMatch(q);
        const names = this.searchNames;
        for (let i = 0; i < names.length && found.length <= lookupLimit; i++)
          if (names[i]!.includes(needle)) found.push(this.searchTickets[i]!);
      }
    }
    return {
      matches: found.slice(0, lookupLimit).map((id) => this.match(id)),
      hasMore: found.length > lookupLimit,
    };
  }

  private match(ticketId: string): LookupMatch {
    const holder = this.holders.get(ticketId);
    return {
      ticketId,
      orderId: holder?.orderId ?? '',
      name: holder?.name || null,
      tierName: holder ? (this.tierNames.get(holder.tierId) ?? null) : null,
      status: this.revoked.get(ticketId) ?? 'active',
      scanned: this.admissions.get(ticketId)?.inside ?? false,
    };
  }

  /**
   * A steward's manual check-in of a ticket the pack names, with the server's checks in its
   * order: revoked, a cancelled night, unknown to the pack, inside already.
   */
  checkManual(ticketId: string, options: { at?: number } = {}): OfflineDecision {
    const scannedAt = options.at ?? this.now();
    const holder = this.holders.get(ticketId);
    const reason: RejectReason | null =
      this.revoked.get(ticketId) ??
      (this.eventCancelled
        ? 'voided'
        : !holder
          ? 'unknown_ticket'
          : this.admissions.get(ticketId)?.inside
            ? 'already_scanned'
            : null);
    return {
      result: reason === null ? 'admitted' : 'rejected',
      reason,
      credential: 'manual',
      ticketId,
      eventId: this.event,
      direction: 'in',
      scannedAt,
    };
  }

  setKeys(keys: readonly Ed25519Jwk[]): void {
    this.keys = decodeKeys(keys);
    this.signatures.clear();
  }

  /** The event's tiers as the pack lists them (every pack lists all of them). */
  setTiers(tiers: readonly DoorTier[]): void {
    this.paperRefused.clear();
    this.tierNames.clear();
    for (const tier of tiers) {
      if (!tier.paper_pass) this.paperRefused.add(tier.id);
      this.tierNames.set(tier.id, tier.name);
    }
  }

  /** The tier's name for the door's display, when the pack named it. */
  tierName(tierId: string): string | undefined {
    return this.tierNames.get(tierId);
  }

  revoke(ticketId: string, status: RevokedStatus): void {
    this.revoked.set(ticketId, status);
  }

  /** A pack's revocation, keeping when a transferred ticket was replaced when the pack says. */
  revokeEntry(entry: PackContents['revoked'][number]): void {
    this.revoke(entry.ticket_id, entry.status);
    const at = entry.transferred_at ? Date.parse(entry.transferred_at) : NaN;
    if (entry.status === 'transferred' && Number.isFinite(at)) this.replacedTimes.set(entry.ticket_id, at);
  }

  /** When a transferred ticket was replaced, if a pack said: "replaced at 19:30" offline. */
  replacedAt(ticketId: string): number | undefined {
    return this.revoked.get(ticketId) === 'transferred' ? this.replacedTimes.get(ticketId) : undefined;
  }

  /**
   * Another device (via the pack, the feed or an online answer) admitted this ticket. Local
   * knowledge wins when it is newer: a ticket this door saw leave stays outside.
   */
  learnAdmitted(ticketId: string): void {
    const known = this.admissions.get(ticketId);
    if (!known) this.setAdmission(ticketId, { inside: true, count: 1 });
    else if (!known.inside) this.setAdmission(ticketId, { inside: true, count: known.count + 1 });
  }

  learnExited(ticketId: string): void {
    const known = this.admissions.get(ticketId);
    this.setAdmission(ticketId, { inside: false, count: known?.count ?? 1 });
  }

  /** Restores what a device store remembers, exactly as it was (no merging). */
  restoreAdmission(ticketId: string, state: AdmissionState): void {
    this.setAdmission(ticketId, { ...state });
  }

  private setAdmission(ticketId: string, state: AdmissionState): void {
    const was = this.admissions.get(ticketId)?.inside ?? false;
    this.admissions.set(ticketId, state);
    this.insideCount += (state.inside ? 1 : 0) - (was ? 1 : 0);
  }

  admission(ticketId: string): AdmissionState | undefined {
    return this.admissions.get(ticketId);
  }

  revocation(ticketId: string): RevokedStatus | undefined {
    return this.revoked.get(ticketId);
  }

  /** The decision for one presentation, without changing any state. */
  check(token: string, options: CheckOptions = {}): OfflineDecision {
    const scannedAt = options.at ?? this.now();
    const direction = options.direction ?? 'in';
    const parsed = parseCredential(token);
    if (!parsed)
      return this.reject('malformed', presentedCredential(token), null, null, direction, scannedAt);
    const { credential } = parsed;
    const { sub, evt, tier } = parsed.claims;
    const reason =
      this.tokenRejection(token, parsed, scannedAt) ??
      this.ticketRejection(credential, sub, evt, tier, direction);
    if (reason) return this.reject(reason, credential, sub, evt, direction, scannedAt);
    return {
      result: 'admitted',
      reason: null,
      credential,
      ticketId: sub,
      eventId: evt,
      direction,
      scannedAt,
    };
  }

  /** Applies an admitted decision: entry puts the ticket inside, exit lets it enter again. */
  record(decision: OfflineDecision): void {
    if (decision.result !== 'admitted' || decision.ticketId === null) return;
    const known = this.admissions.get(decision.ticketId) ?? { inside: false, count: 0 };
    this.setAdmission(
      decision.ticketId,
      decision.direction === 'in'
        ? { inside: true, count: known.count + 1 }
        : { inside: false, count: known.count },
    );
  }

  /** check() then record(): the whole offline scan. */
  validate(token: string, options: CheckOptions = {}): OfflineDecision {
    const decision = this.check(token, options);
    this.record(decision);
    return decision;
  }

  private tokenRejection(token: string, parsed: ParsedToken, atMs: number): RejectReason | null {
    if (!this.signatureValid(token, parsed)) return 'invalid_signature';
    return windowRejection(parsed.claims, atMs);
  }

  private signatureValid(token: string, parsed: ParsedToken): boolean {
    const cached = this.signatures.get(token);
    if (cached !== undefined) return cached;
    const key = this.keys.get(parsed.header.kid);
    // An unknown kid is a forgery or a key this pack predates; either way it is not admitted.
    const valid =
      key !== undefined && verifyEd25519(parsed.signature, this.encoder.encode(parsed.signingInput), key);
    this.signatures.set(token, valid);
    return valid;
  }

  private ticketRejection(
    credential: Credential,
    ticketId: string,
    eventId: string,
    tierId: string,
    direction: Direction,
  ): RejectReason | null {
    if (this.event !== null && eventId !== this.event) return 'wrong_event';
    const revoked = this.revoked.get(ticketId);
    if (revoked) return revoked;
    // As on the server: a cancelled event's tickets admit no one, and `voided` says so.
    if (this.eventCancelled) return 'voided';
    if (credential === 'paper' && this.paperRefused.has(tierId)) return 'paper_not_allowed';
    if (direction === 'in' && this.admissions.get(ticketId)?.inside) return 'already_scanned';
    return null;
  }

  private reject(
    reason: RejectReason,
    credential: Credential,
    ticketId: string | null,
    eventId: string | null,
    direction: Direction,
    scannedAt: number,
  ): OfflineDecision {
    return { result: 'rejected', reason, credential, ticketId, eventId, direction, scannedAt };
  }
}
