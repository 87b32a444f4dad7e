import { sign } from 'node:crypto';
import { passExpFor, passTyp } from '../../shared/ticket-pass.js';
import { rotatingTyp, tokenLifetimeSeconds, type TicketTokenClaims } from '../../shared/ticket-token.js';
import { stripWindows, type WalletStrip } from '../../shared/wallet-strip.js';
import { newId } from '../ids.js';
import type { EventRow } from '../store/events-repo.js';
import type { TicketStatus } from '../store/tickets-repo.js';
import { toIso } from '../time.js';
import type { CredentialFacts } from './credential-facts.js';
import type { CryptoThreads } from './crypto-threads.js';
import type { SigningKeys } from './signing-keys.js';
import type { TicketRef, TicketTokens } from './ticket-tokens.js';
import { maxFutureIatSeconds } from './token-freshness.js';
import { WindowTimes } from './window-times.js';

/** What a ticket's paper pass is made from: the ticket row has all of it. */
export interface PassTicket extends TicketRef {
  status: TicketStatus;
  issued_at: number;
  pass_iat: number | null;
}

/** A ticket about to be minted (checkout, transfer), with what to store for its credentials. */
export interface NewTicket extends TicketRef {
  /** Store as the ticket's `pass_iat`, so its pass is the one signed now, on every print. */
  pass_iat: number;
  /** Signed ahead already (TokenPool): nothing left for `prepare` to do for this credential. */
  rotatingReady: boolean;
  passReady: boolean;
}

export interface TicketIssuerDeps {
  tokens: TicketTokens;
  keys: SigningKeys;
  facts: CredentialFacts;
  /** Signs what a caller waits for (a checkout's passes, a wallet strip). */
  threads: CryptoThreads;
  now: () => number;
}

interface CachedPass {
  pass: string;
  iat: number;
  exp: number;
  kid: string;
}

interface CachedStrip {
  kid: string;
  /** Start (unix s) of the window of tokens[0]; the rest follow 300 s apart. */
  first: number;
  tokens: string[];
}

/** Like the rotating-code cache: a night's passes, bounded. */
const maxCachedPasses = 100_000;
/** A strip is ~140 KiB; the last few asked for are kept, for a wallet that fetches again. */
const maxCachedStrips = 64;
/** Signatures per crypto-thread job for a strip: a door's verify waits behind one batch at most. */
const stripBatch = 32;

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

const claimsOf = (ticket: TicketRef, iat: number, exp: number): TicketTokenClaims => ({
  sub: ticket.id,
  evt: ticket.event_id,
  tier: ticket.tier_id,
  iat,
  exp,
});

/**
 * A pass's iat: the one stored with the ticket, else (older tickets) its issue time. But a ticket
 * sold while the server's clock ran ahead (stepped back since, as NTP does) stored an iat still
 * to come, and a pass with it would be `not_yet_valid` at every door until then: such a pass
 * takes the current 5-minute mark instead, until the clock has passed the stored iat.
 */
function passIatOf(ticket: PassTicket, nowMs: number): number {
  const stored = ticket.pass_iat ?? Math.floor(ticket.issued_at / 1000);
  const nowSeconds = Math.floor(nowMs / 1000);
  if (stored <= nowSeconds + maxFutureIatSeconds) return stored;
  return nowSeconds - (nowSeconds % tokenLifetimeSeconds);
}

/**
 * The one place that issues a ticket's credentials (CONTRACT.md "Ticket credentials"): the
 * rotating code, the offline wallet strip and the paper pass. Checkout, transfer, the ticket and
 * order answers (what a till prints), the wallet page and the mail's PDF tickets
 * (`pass(ticket, event, tier)`, the wallet link where that is null) ask it; nothing else signs
 * for a ticket. Verifying either form at the door is TicketTokens.verify / verifyAsync.
 *
 * - `rotating(ticket)`: the live 5-minute code (`qr_token`), cached and re-minted by TicketTokens.
 * - `pass(ticket, event, tier)` / `passFor(ticket)`: the paper pass, or null when the tier allows
 *   no paper or the ticket is not active. Deterministic: iat is the ticket's `pass_iat`, exp the
 *   event's doors + 24 h, signed by the active key; so every print of a ticket gives the same
 *   pass until its doors move or the key rotates (and the old one still admits: its key stays
 *   published while any pass it signed is valid, SigningKeys.noteLongLived).
 * - `strip(ticket, event)`: the codes of the 5-minute windows ahead, for a phone offline.
 * - `newTicket` / `prepare` / `soldFrom` / `forget`: minting. New tickets take credentials
 *   signed ahead when some are ready (TokenPool signs a pass with each code), and `prepare`
 *   signs the rest on the crypto threads before the caller's transaction.
 */
export class TicketIssuer {
  private readonly passes = new Map<string, CachedPass>();
  private readonly strips = new Map<string, CachedStrip>();
  private readonly windowTimes = new WindowTimes();

  constructor(private readonly deps: TicketIssuerDeps) {
    // Each ticket signed ahead gets its pass in the same batch, so a checkout waits for neither.
    deps.tokens.companion = (ticket, iat, kid) => {
      const exp = this.passExpIfAllowed(ticket);
      if (exp === null) return null;
      deps.keys.noteLongLived(kid, exp);
      return { signingInput: passSigningInput(ticket, iat, exp, kid), exp };
    };
  }

  /** The ticket's live rotating code (`qr_token`): at least 4 minutes left. */
  rotating(ticket: TicketRef): string {
    return this.deps.tokens.current(ticket);
  }

  /**
   * The ticket's paper pass with its event and tier at hand (mail, PDF), or null when the tier
   * forbids paper or the ticket is not active.
   */
  pass(
    ticket: PassTicket,
    event: Pick<EventRow, 'doors_at'>,
    tier: { paper_pass: number | boolean },
  ): string | null {
    if (ticket.status !== 'active' || !tier.paper_pass) return null;
    return this.signedPass(ticket, passIatOf(ticket, this.deps.now()), passExpFor(event.doors_at));
  }

  /** `pass`, looking up the tier and event (kept in memory: CredentialFacts). */
  passFor(ticket: PassTicket): string | null {
    if (ticket.status !== 'active') return null;
    const exp = this.passExpIfAllowed(ticket);
    return exp === null ? null : this.signedPass(ticket, passIatOf(ticket, this.deps.now()), exp);
  }

  /**
   * The offline wallet strip at `nowMs`: empty unless the ticket is active and its event not
   * cancelled. Signed on the crypto threads a batch at a time, so doors' verifies interleave;
   * windows already signed for this ticket's last strip (same key) are reused.
   */
  async strip(
    ticket: TicketRef & { status: TicketStatus },
    event: Pick<EventRow, 'doors_at' | 'status'>,
    nowMs = this.deps.now(),
  ): Promise<WalletStrip> {
    const strip: WalletStrip = {
      ticket_id: ticket.id,
      event_id: ticket.event_id,
      status: ticket.status,
      generated_at: toIso(nowMs),
      tokens: [],
    };
    if (ticket.status !== 'active' || event.status === 'cancelled') return strip;
    const windows = stripWindows(nowMs, event.doors_at);
    if (windows.length === 0) return strip;
    const { keys, threads } = this.deps;
    const kid = keys.activeKid;
    const key = keys.activePrivateKey;
    const last = windows[windows.length - 1]! + tokenLifetimeSeconds;
    keys.noteLongLived(kid, last);
    const cached = this.strips.get(ticket.id);
    const reusable = cached && cached.kid === kid ? cached : undefined;
    const header = b64url({ alg: 'EdDSA', typ: rotatingTyp, kid });
    const tokens: string[] = [];
    const missing: { index: number; input: string }[] = [];
    windows.forEach((start, index) => {
      const offset = reusable ? (start - reusable.first) / tokenLifetimeSeconds : -1;
      const known = offset >= 0 ? reusable?.tokens[offset] : undefined;
      if (known !== undefined) tokens.push(known);
      else {
        tokens.push('');
        missing.push({
          index,
          input: `${header}.${b64url(claimsOf(ticket, start, start + tokenLifetimeSeconds))}`,
        });
      }
    });
    for (let i = 0; i < missing.length; i += stripBatch) {
      const batch = missing.slice(i, i + stripBatch);
      const signatures = await threads.signMany(
        batch.map((entry) => entry.input),
        key,
      );
      batch.forEach((entry, j) => (tokens[entry.index] = `${entry.input}.${signatures[j]}`));
    }
    this.rememberStrip(ticket.id, { kid, first: windows[0]!, tokens });
    // Window i runs from boundary i to boundary i + 1 (stripWindows: aligned, without a gap).
    const times = this.windowTimes.boundaries(windows[0]!, windows.length);
    strip.tokens = tokens.map((token, index) => ({
      token,
      not_before: times[index]!,
      not_after: times[index + 1]!,
    }));
    return strip;
  }

  /**
   * An id and credentials for a new ticket of this tier (checkout): one signed ahead when ready,
   * else a new id for `prepare` to sign.
   */
  newTicket(eventId: string, tierId: string): NewTicket {
    const ready = this.deps.tokens.takeSigned(eventId, tierId);
    if (!ready) {
      return {
        id: newId('ticket'),
        event_id: eventId,
        tier_id: tierId,
        pass_iat: Math.floor(this.deps.now() / 1000),
        rotatingReady: false,
        passReady: false,
      };
    }
    const ticket = { id: ready.id, event_id: eventId, tier_id: tierId };
    const exp = this.passExpIfAllowed(ticket);
    // Signed ahead with the doors or paper rule of then: only what still holds is kept.
    const passReady = exp === null || ready.companion?.exp === exp;
    if (ready.companion && passReady)
      this.rememberPass(ready.id, {
        pass: ready.companion.token,
        iat: ready.iat,
        exp: ready.companion.exp,
        kid: ready.kid,
      });
    return { ...ticket, pass_iat: ready.iat, rotatingReady: true, passReady };
  }

  /**
   * Signs on the crypto threads whatever these new tickets still lack, and caches it for the
   * views made in the caller's transaction; null when there is nothing to sign. A ticket that
   * needs both gets its code and pass signed in one crypto-thread job.
   */
  prepare(tickets: readonly NewTicket[]): Promise<void> | null {
    const withCode: NewTicket[] = [];
    const passOnly: { ticket: NewTicket; exp: number }[] = [];
    for (const ticket of tickets) {
      if (!ticket.rotatingReady) withCode.push(ticket);
      else if (!ticket.passReady) {
        const exp = this.passExpIfAllowed(ticket);
        if (exp !== null) passOnly.push({ ticket, exp });
      }
    }
    if (withCode.length === 0 && passOnly.length === 0) return null;
    return Promise.all([
      withCode.length > 0 ? this.signCodesAndPasses(withCode) : undefined,
      passOnly.length > 0 ? this.signPasses(passOnly) : undefined,
    ]).then(() => undefined);
  }

  /** A checkout sold from this tier: sign ahead for the next ones. */
  soldFrom(eventId: string, tierId: string): void {
    this.deps.tokens.soldFrom(eventId, tierId);
  }

  /** A ticket that changed hands, died or was never sold keeps none of its cached credentials. */
  forget(ticketId: string): void {
    this.deps.tokens.forget(ticketId);
    this.passes.delete(ticketId);
    this.strips.delete(ticketId);
  }

  private passExpIfAllowed(ticket: TicketRef): number | null {
    const { facts } = this.deps;
    if (!facts.allowsPaper(ticket.tier_id)) return null;
    const doorsAt = facts.doorsAt(ticket.event_id);
    return doorsAt === undefined ? null : passExpFor(doorsAt);
  }

  private signedPass(ticket: TicketRef, iat: number, exp: number): string {
    const { keys } = this.deps;
    const kid = keys.activeKid;
    const cached = this.passes.get(ticket.id);
    if (cached && cached.kid === kid && cached.iat === iat && cached.exp === exp) return cached.pass;
    keys.noteLongLived(kid, exp);
    const input = passSigningInput(ticket, iat, exp, kid);
    const pass = `${input}.${sign(null, Buffer.from(input), keys.activePrivateKey).toString('base64url')}`;
    this.rememberPass(ticket.id, { pass, iat, exp, kid });
    return pass;
  }

  private async signCodesAndPasses(tickets: readonly NewTicket[]): Promise<void> {
    const { tokens, keys } = this.deps;
    const passes = await tokens.prepareWith(tickets, (ticket, _codeIat, kid) => {
      const exp = ticket.passReady ? null : this.passExpIfAllowed(ticket);
      if (exp === null) return null;
      keys.noteLongLived(kid, exp);
      return { signingInput: passSigningInput(ticket, ticket.pass_iat, exp, kid), exp };
    });
    passes.forEach((pass, i) => {
      const ticket = tickets[i]!;
      if (pass)
        this.rememberPass(ticket.id, {
          pass: pass.token,
          iat: ticket.pass_iat,
          exp: pass.exp,
          kid: pass.kid,
        });
    });
  }

  private async signPasses(passes: readonly { ticket: NewTicket; exp: number }[]): Promise<void> {
    const { keys, threads } = this.deps;
    const kid = keys.activeKid;
    const inputs = passes.map(({ ticket, exp }) => {
      keys.noteLongLived(kid, exp);
      return passSigningInput(ticket, ticket.pass_iat, exp, kid);
    });
    const signatures = await threads.signMany(inputs, keys.activePrivateKey);
    passes.forEach(({ ticket, exp }, i) =>
      this.rememberPass(ticket.id, {
        pass: `${inputs[i]}.${signatures[i]}`,
        iat: ticket.pass_iat,
        exp,
        kid,
      }),
    );
  }

  private rememberPass(ticketId: string, entry: CachedPass): void {
    if (this.passes.size >= maxCachedPasses) this.passes.clear();
    this.passes.set(ticketId, entry);
  }

  private rememberStrip(ticketId: string, entry: CachedStrip): void {
    this.strips.delete(ticketId);
    if (this.strips.size >= maxCachedStrips) {
      const oldest = this.strips.keys().next().value;
      if (oldest !== undefined) this.strips.delete(oldest);
    }
    this.strips.set(ticketId, entry);
  }
}

/** The header of the last key's passes, encoded once: it is the same for all of them. */
let passHeader = { kid: '', encoded: '' };

function passSigningInput(ticket: TicketRef, iat: number, exp: number, kid: string): string {
  if (passHeader.kid !== kid) passHeader = { kid, encoded: b64url({ alg: 'EdDSA', typ: passTyp, kid }) };
  return `${passHeader.encoded}.${b64url(claimsOf(ticket, iat, exp))}`;
}
