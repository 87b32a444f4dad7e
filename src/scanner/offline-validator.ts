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
import { verifyEd25519 } from './noble.js';
import { SignatureCache } from './signature-cache.js';
import type {
  AdmissionState,
  Direction,
  DoorEvent,
  DoorPack,
  DoorTier,
  OfflineDecision,
  RejectReason,
  RevokedStatus,
} from './types.js';

/**
 * The parts of a door pack the validator reads. The server always sends `exited` (empty in a
 * whole pack); it is optional here so a pack built by hand (tests, the bench) may leave it out.
 */
export type PackContents = Pick<DoorPack, 'jwks' | 'revoked' | 'scanned'> &
  Partial<Pick<DoorPack, 'exited' | 'tiers'>> & { event: DoorEvent };

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
  /** Tiers whose paper passes are refused; a tier the pack does not name takes them (the default). */
  private readonly paperRefused = new Set<string>();
  private readonly tierNames = new Map<string, string>();
  private readonly admissions = new Map<string, AdmissionState>();
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
    for (const entry of pack.revoked) this.revoke(entry.ticket_id, entry.status);
    for (const ticketId of pack.scanned) this.learnAdmitted(ticketId);
    for (const ticketId of pack.exited ?? []) this.learnExited(ticketId);
  }

  /** The door's event; switching to another one forgets the old event's tickets. */
  setEvent(event: DoorEvent): void {
    if (this.event !== null && this.event !== event.id) {
      this.revoked.clear();
      this.admissions.clear();
      this.paperRefused.clear();
      this.tierNames.clear();
    }
    this.event = event.id;
    this.eventCancelled = event.status === 'cancelled';
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

  /**
   * Another device (via the pack, the feed or an online answer) admitted this ticket. Local
   * knowledge wins when it is newer: a ticket this door saw leave stays outside.
   */
  learnAdmitted(ticketId: string): void {
    const known = this.admissions.get(ticketId);
    if (!known) this.admissions.set(ticketId, { inside: true, count: 1 });
    else if (!known.inside) this.admissions.set(ticketId, { inside: true, count: known.count + 1 });
  }

  learnExited(ticketId: string): void {
    const known = this.admissions.get(ticketId);
    this.admissions.set(ticketId, { inside: false, count: known?.count ?? 1 });
  }

  /** Restores what a device store remembers, exactly as it was (no merging). */
  restoreAdmission(ticketId: string, state: AdmissionState): void {
    this.admissions.set(ticketId, { ...state });
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
    this.admissions.set(
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
