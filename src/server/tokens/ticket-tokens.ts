import { sign, verify } from 'node:crypto';
import {
  parseCredential,
  presentedCredential,
  tokenLifetimeSeconds,
  tokenRefreshBelowSeconds,
  windowRejection,
  type Credential,
  type ParsedToken,
  type TicketTokenClaims,
  type TokenRejection,
} from '../../shared/ticket-token.js';
import { newId } from '../ids.js';
import { CryptoThreads } from './crypto-threads.js';
import type { SigningKeys } from './signing-keys.js';
import { isUsableAt } from './token-freshness.js';
import { TokenPool, type SignedTicket } from './token-pool.js';

export interface TicketRef {
  id: string;
  event_id: string;
  tier_id: string;
}

/** A scanned token judged: a rotating code or a paper pass (`credential`), same keys, same checks. */
export type TokenCheck =
  | { ok: true; claims: TicketTokenClaims; kid: string; credential: Credential }
  | { ok: false; reason: TokenRejection; claims: TicketTokenClaims | null; credential: Credential };

/**
 * Another JWS signed ahead with each new ticket, by the same key in the same batch: the
 * ticket's paper pass (tokens/ticket-issuer.ts). Its signing input and exp, or null for none.
 */
export type CompanionInput = (
  ticket: TicketRef,
  iat: number,
  kid: string,
) => { signingInput: string; exp: number } | null;

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The header of the last key's tokens, encoded once: it is the same for all of them. */
let tokenHeader = { kid: '', encoded: '' };

/** A cached token is handed out while it has at least 4 of its 5 minutes left. */
const cachedMaxAgeSeconds = tokenLifetimeSeconds - tokenRefreshBelowSeconds;

/** Bounded so a long evening of wallet refreshes cannot grow memory without end. */
const maxCachedTokens = 100_000;

/**
 * Signs and verifies ticket tokens with node:crypto (25k signs/s and 8.7k verifies/s per core
 * here, ~10× @noble/ed25519). Tokens are cached per ticket and re-minted when under 4 minutes
 * remain, so a wallet refreshing every few seconds does not cost a signature each time.
 */
export class TicketTokens {
  private readonly cache = new Map<string, { token: string; exp: number; kid: string }>();
  /** Only with a thread to sign on: signing ahead on the event loop itself would gain nothing. */
  private readonly pool: TokenPool | null;
  /** Set by the TicketIssuer: what else to sign ahead with each new ticket. */
  companion: CompanionInput | null = null;

  constructor(
    private readonly keys: SigningKeys,
    private readonly now: () => number,
    /** The server passes its threads; without them (tools, tests) signing runs inline. */
    private readonly threads: CryptoThreads = new CryptoThreads(0),
    /** Signs tokens ahead for the tiers selling now (TokenPool); a background thread. */
    private readonly signAheadThreads: CryptoThreads = new CryptoThreads(0),
  ) {
    this.pool =
      signAheadThreads.count > 0
        ? new TokenPool(
            (eventId, tierId, count) => this.signNew(eventId, tierId, count),
            () => Math.floor(this.now() / 1000),
            () => this.keys.activeKid,
          )
        : null;
  }

  mint(ticket: TicketRef): string {
    const { signingInput } = this.unsigned(ticket);
    const signature = sign(null, Buffer.from(signingInput), this.keys.activePrivateKey).toString('base64url');
    return `${signingInput}.${signature}`;
  }

  /**
   * The cached token while it has at least 4 minutes left, was not signed in the future (a clock
   * stepped back) and its key is still active.
   */
  current(ticket: TicketRef): string {
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.cache.get(ticket.id);
    if (
      cached &&
      isUsableAt(cached.exp - tokenLifetimeSeconds, nowSeconds, cachedMaxAgeSeconds) &&
      cached.kid === this.keys.activeKid
    ) {
      return cached.token;
    }
    const token = this.mint(ticket);
    this.remember(ticket.id, token, nowSeconds + tokenLifetimeSeconds, this.keys.activeKid);
    return token;
  }

  /**
   * Signs these tickets' tokens on the crypto threads and caches them, so the `current()` calls
   * inside a checkout's write transaction find them ready. Ed25519 signing was the largest single
   * cost of a checkout on the event loop; here the loop only hands the work over.
   */
  async prepare(tickets: readonly TicketRef[]): Promise<void> {
    await this.prepareWith(tickets, () => null);
  }

  /**
   * `prepare`, with each ticket's companion (its paper pass) signed in the same crypto-thread job
   * as its token: one message each way per ticket, as for a token alone. Answers the companions,
   * in ticket order (null where there was none), with the kid that signed them.
   */
  prepareWith<T extends TicketRef>(
    tickets: readonly T[],
    companion: (ticket: T, iat: number, kid: string) => { signingInput: string; exp: number } | null,
  ): Promise<({ token: string; exp: number; kid: string } | null)[]> {
    const key = this.keys.activePrivateKey;
    return Promise.all(
      tickets.map(async (ticket) => {
        const { signingInput, exp, kid } = this.unsigned(ticket);
        const extra = companion(ticket, exp - tokenLifetimeSeconds, kid);
        if (extra === null) {
          const signature = await this.threads.sign(signingInput, key);
          this.remember(ticket.id, `${signingInput}.${signature}`, exp, kid);
          return null;
        }
        const [signature, extraSignature] = await this.threads.signMany(
          [signingInput, extra.signingInput],
          key,
        );
        this.remember(ticket.id, `${signingInput}.${signature}`, exp, kid);
        return { token: `${extra.signingInput}.${extraSignature}`, exp: extra.exp, kid };
      }),
    );
  }

  /**
   * A new ticket of this tier whose token was signed ahead (TokenPool), now cached for
   * `current()`, with its companion when one was signed; undefined when none is ready.
   */
  takeSigned(eventId: string, tierId: string): SignedTicket | undefined {
    const ticket = this.pool?.take(eventId, tierId);
    if (!ticket) return undefined;
    this.remember(ticket.id, ticket.token, ticket.exp, ticket.kid);
    return ticket;
  }

  /** A checkout sold from this tier: sign ahead for the next ones. */
  soldFrom(eventId: string, tierId: string): void {
    this.pool?.sold(eventId, tierId);
  }

  /** How many new tickets of this tier have tokens signed ahead. */
  signedAheadCount(eventId: string, tierId: string): number {
    return this.pool?.readyCount(eventId, tierId) ?? 0;
  }

  private async signNew(eventId: string, tierId: string, count: number): Promise<SignedTicket[]> {
    const key = this.keys.activePrivateKey;
    const unsigned = [];
    // Companions ride in the same batches, right after their ticket's token.
    const inputs: string[] = [];
    for (let n = 0; n < count; n++) {
      const id = newId('ticket');
      const ref = { id, event_id: eventId, tier_id: tierId };
      const ticket = this.unsigned(ref);
      const companion = this.companion?.(ref, ticket.exp - tokenLifetimeSeconds, ticket.kid) ?? null;
      unsigned.push({ id, ...ticket, companion });
      inputs.push(ticket.signingInput);
      if (companion !== null) inputs.push(companion.signingInput);
    }
    const signatures = await this.signAheadThreads.signMany(inputs, key);
    let next = 0;
    return unsigned.map((ticket) => {
      const signed: SignedTicket = {
        id: ticket.id,
        token: `${ticket.signingInput}.${signatures[next++]}`,
        iat: ticket.exp - tokenLifetimeSeconds,
        exp: ticket.exp,
        kid: ticket.kid,
      };
      if (ticket.companion !== null)
        signed.companion = {
          token: `${ticket.companion.signingInput}.${signatures[next++]}`,
          exp: ticket.companion.exp,
        };
      return signed;
    });
  }

  private unsigned(ticket: TicketRef): { signingInput: string; exp: number; kid: string } {
    const iat = Math.floor(this.now() / 1000);
    const kid = this.keys.activeKid;
    if (tokenHeader.kid !== kid)
      tokenHeader = { kid, encoded: b64url({ alg: 'EdDSA', typ: 'ticket+jwt', kid }) };
    const header = tokenHeader.encoded;
    const claims: TicketTokenClaims = {
      sub: ticket.id,
      evt: ticket.event_id,
      tier: ticket.tier_id,
      iat,
      exp: iat + tokenLifetimeSeconds,
    };
    return { signingInput: `${header}.${b64url(claims)}`, exp: claims.exp, kid };
  }

  private remember(ticketId: string, token: string, exp: number, kid: string): void {
    if (this.cache.size >= maxCachedTokens) this.cache.clear();
    this.cache.set(ticketId, { token, exp, kid });
  }

  /** A ticket that changed hands or died must not keep handing out its old token. */
  forget(ticketId: string): void {
    this.cache.delete(ticketId);
  }

  /** Either credential (a rotating code or a paper pass): both are signed with these keys. */
  verify(token: string, atMs = this.now()): TokenCheck {
    const parsed = parseCredential(token);
    if (!parsed) return malformed(token);
    const key = this.keys.publicKey(parsed.header.kid);
    const valid =
      key !== undefined && verify(null, Buffer.from(parsed.signingInput), key, Buffer.from(parsed.signature));
    return checked(parsed, valid, atMs);
  }

  /**
   * The same check with the signature verified on a crypto thread, so a busy door server's
   * event loop keeps serving HTTP and SQLite while Ed25519 runs on the other cores.
   */
  async verifyAsync(token: string, atMs = this.now()): Promise<TokenCheck> {
    const parsed = parseCredential(token);
    if (!parsed) return malformed(token);
    const key = this.keys.publicKey(parsed.header.kid);
    const valid =
      key !== undefined &&
      (await this.threads.verify(parsed.signingInput, token.slice(token.lastIndexOf('.') + 1), key));
    return checked(parsed, valid, atMs);
  }
}

const malformed = (token: string): TokenCheck => ({
  ok: false,
  reason: 'malformed',
  claims: null,
  credential: presentedCredential(token),
});

/** The rest of a check once the signature is known: the signature first, then the time window. */
function checked(parsed: ParsedToken, signatureValid: boolean, atMs: number): TokenCheck {
  const { claims, credential } = parsed;
  if (!signatureValid) return { ok: false, reason: 'invalid_signature', claims, credential };
  const rejection = windowRejection(claims, atMs);
  if (rejection) return { ok: false, reason: rejection, claims, credential };
  return { ok: true, claims, kid: parsed.header.kid, credential };
}
