import { isUsableAt } from './token-freshness.js';

/** A new ticket's id with its token, signed before anyone bought it. */
export interface SignedTicket {
  id: string;
  token: string;
  /** Unix seconds, as in the token. */
  iat: number;
  exp: number;
  kid: string;
  /** A second JWS signed with it by the same key (its paper pass), when one was asked for. */
  companion?: { token: string; exp: number };
}

/** Signs tokens for `count` new tickets of one tier, on the crypto threads. */
export type SignAhead = (eventId: string, tierId: string, count: number) => Promise<SignedTicket[]>;

/** Tokens kept ready per tier: from this many, doubled whenever a checkout finds none ready. */
const minReady = 8;
const maxReady = 256;
/** Signatures per crypto-thread job: a door's verify queued behind one waits ~0.7 ms at most. */
const signBatch = 32;
/** Tiers with tokens ready; the one sold from longest ago makes way. */
const maxTiers = 64;
/**
 * A token older than this is not handed out, so a checkout's token keeps at least 270 s of its
 * 300, well above the 240 s under which `current()` re-mints it.
 */
export const maxReadyAgeSeconds = 30;

interface TierPool {
  ready: SignedTicket[];
  /** Tokens asked of the crypto threads and not back yet. */
  signing: number;
  /** How many to keep ready: grows when sales outrun it, shrinks when tokens age out unsold. */
  target: number;
  soldAt: number;
}

/**
 * Tokens signed ahead for the tiers selling now, so a checkout does not wait for a signature:
 * without the wait the event loop no longer idles between batches of checkouts, which took
 * POST /v2/orders from ~12.3k to ~15k req/s here. A tier gets a pool only after a checkout sold
 * from it, so no signature is spent on tiers nobody buys (or on ids a caller made up).
 *
 * The ids are made at signing time; a token is bound to its id, event and tier only, so a pooled
 * token is exactly what a checkout would have signed, up to 30 s earlier. Tokens of a key that
 * was rotated out are dropped, never handed out.
 */
export class TokenPool {
  private readonly tiers = new Map<string, TierPool>();

  constructor(
    private readonly signAhead: SignAhead,
    private readonly nowSeconds: () => number,
    private readonly activeKid: () => string,
  ) {}

  /** A signed new ticket of this tier, or undefined when none is ready (the caller signs). */
  take(eventId: string, tierId: string): SignedTicket | undefined {
    const pool = this.tiers.get(poolKey(eventId, tierId));
    if (!pool) return undefined;
    const ticket = this.nextFresh(pool);
    if (!ticket) pool.target = Math.min(maxReady, pool.target * 2);
    return ticket;
  }

  /** A checkout sold from this tier: keep tokens ready for the next ones. */
  sold(eventId: string, tierId: string): void {
    const key = poolKey(eventId, tierId);
    let pool = this.tiers.get(key);
    if (!pool) {
      if (this.tiers.size >= maxTiers) this.evictOldest();
      pool = { ready: [], signing: 0, target: minReady, soldAt: 0 };
      this.tiers.set(key, pool);
    }
    pool.soldAt = this.nowSeconds();
    this.dropStale(pool);
    // Refill at half: signing in the background while the other half sells.
    if (pool.ready.length + pool.signing > pool.target / 2) return;
    for (let missing = pool.target - pool.ready.length - pool.signing; missing > 0; missing -= signBatch)
      this.refill(key, pool, eventId, tierId, Math.min(signBatch, missing));
  }

  /** Tokens ready for this tier now. */
  readyCount(eventId: string, tierId: string): number {
    return this.tiers.get(poolKey(eventId, tierId))?.ready.length ?? 0;
  }

  private refill(key: string, pool: TierPool, eventId: string, tierId: string, count: number): void {
    pool.signing += count;
    this.signAhead(eventId, tierId, count).then(
      (signed) => {
        pool.signing -= count;
        if (this.tiers.get(key) === pool) pool.ready.push(...signed);
      },
      // Nothing waits on these: a checkout that finds none ready signs its own.
      () => {
        pool.signing -= count;
      },
    );
  }

  private nextFresh(pool: TierPool): SignedTicket | undefined {
    const isFresh = this.freshness();
    let ticket = pool.ready.shift();
    let dropped = false;
    while (ticket && !isFresh(ticket)) {
      dropped = true;
      ticket = pool.ready.shift();
    }
    if (dropped) this.shrink(pool);
    return ticket;
  }

  private dropStale(pool: TierPool): void {
    const isFresh = this.freshness();
    // Oldest first (one crypto thread answers in order; take() checks each one anyway). After
    // the clock stepped back, the tokens signed before the step are the first ones too.
    const first = pool.ready[0];
    if (!first || isFresh(first)) return;
    pool.ready = pool.ready.filter(isFresh);
    this.shrink(pool);
  }

  /**
   * What may still be handed out: signed within the last 30 s (never in the future: a clock
   * stepped back leaves those `not_yet_valid`), by the active key.
   */
  private freshness(): (ticket: SignedTicket) => boolean {
    const nowSeconds = this.nowSeconds();
    const kid = this.activeKid();
    return (ticket) => isUsableAt(ticket.iat, nowSeconds, maxReadyAgeSeconds) && ticket.kid === kid;
  }

  /** Tokens aged out unsold: signing that many ahead was too many. */
  private shrink(pool: TierPool): void {
    pool.target = Math.max(minReady, pool.target / 2);
  }

  private evictOldest(): void {
    let oldestKey: string | undefined;
    let oldestAt = Infinity;
    for (const [key, pool] of this.tiers)
      if (pool.soldAt < oldestAt) {
        oldestAt = pool.soldAt;
        oldestKey = key;
      }
    if (oldestKey !== undefined) this.tiers.delete(oldestKey);
  }
}

const poolKey = (eventId: string, tierId: string): string => `${eventId} ${tierId}`;
