/**
 * Ticket holders as the doors meet them: what each one holds up to the scanner, worked out at
 * the moment of the scan from what they fetched, printed or were mailed earlier (carry.ts says
 * who carries what). A phone with data asks its wallet for the live code; a phone without data
 * shows the code of the current window from the strip it fetched hours before; paper is the pass.
 */
import { stripTokenAt, type StripToken, type WalletStrip } from '../src/shared/wallet-strip.js';
import type { ApiClient } from './api-client.js';
import type { Holder } from './box-office.js';
import { isPaper, type Carry, type HolderModel, type ShownAs } from './carry.js';

/** The wallet page's promise: the code on screen has at least 3 minutes left (docs/api.md "Refresh"). */
const onScreenAtLeastMs = 3 * 60_000;
/** The open page asks for the code every 60 s. */
const pageRefreshMs = 60_000;

export interface Shown {
  token: string;
  as: ShownAs;
}

/** A phone with data at the door: the open wallet page, asking `/w/{secret}/token` as it does. */
class LiveWallet {
  private code: string | null = null;
  private expiresAt = 0;
  private askedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly api: ApiClient,
    private readonly path: string,
    private readonly now: () => number,
  ) {}

  async show(): Promise<string> {
    const now = this.now();
    // The open page keeps its code while it was asked within the last minute and has 3 minutes left.
    if (this.code && now - this.askedAt < pageRefreshMs && this.expiresAt - now >= onScreenAtLeastMs)
      return this.code;
    // Else it asks. The evening's clock runs hundreds of times faster than real time, so a slow
    // answer on a loaded machine can age a code by minutes: a code already past its window is
    // asked for again (bounded), as the page would refresh it.
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await this.api.get<{ qr_token: string | null; expires_at: string | null }>(
        `${this.path}/token`,
      );
      if (!answer.qr_token || !answer.expires_at)
        throw new Error(`the wallet of a valid ticket shows no code (${answer.qr_token})`);
      this.code = answer.qr_token;
      this.expiresAt = Date.parse(answer.expires_at);
      this.askedAt = this.now();
      if (this.expiresAt > this.askedAt) return this.code;
    }
    throw new Error(
      'the wallet page got 5 codes in a row already expired: the machine is too slow for this compression',
    );
  }
}

export class Attendee {
  strip: StripToken[] | null = null;
  /** paper_print: the pass the box office printed in the afternoon. */
  printed: string | null = null;
  /** A screenshot of the live code, taken during the evening (stale by the time it is shown). */
  screenshot: string | null = null;
  /** The last code or pass this holder held up, for someone to copy. */
  lastShown: string | null = null;
  private readonly live: LiveWallet;
  private readonly onShown: (() => void)[] = [];

  constructor(
    readonly holder: Holder,
    readonly model: HolderModel,
    private readonly wallets: ApiClient,
    private readonly now: () => number,
  ) {
    this.live = new LiveWallet(wallets, holder.wallet, now);
  }

  get carry(): Carry {
    return this.model.carry;
  }

  /** The strip as a phone fetches it: `GET /w/{secret}/strip`, at the server's (the evening's) now. */
  async fetchStrip(): Promise<WalletStrip> {
    const answer = await this.wallets.get<WalletStrip>(`${this.holder.wallet}/strip`);
    if (answer.tokens.length === 0) throw new Error(`the strip of an ${answer.status} ticket is empty`);
    this.strip = answer.tokens;
    return answer;
  }

  /** The screenshot a live-phone holder takes of the wallet's code. */
  async takeScreenshot(): Promise<void> {
    this.screenshot = await this.live.show();
  }

  /** The ticket as carried, at the door now. */
  async show(): Promise<Shown> {
    const token = await this.credentialAt(this.now());
    this.lastShown = token;
    for (const then of this.onShown.splice(0)) then();
    return { token, as: this.carry };
  }

  /** Runs `then` once this holder has held up the real ticket at a door (now, if they have). */
  whenShown(then: () => void): void {
    if (this.lastShown !== null) then();
    else this.onShown.push(then);
  }

  /**
   * What a holder whose ticket was voided or transferred away still has: the strip or pass they
   * got before, or the mailed PDF's pass (the wallet shows no code for such a ticket).
   */
  async showRevoked(): Promise<Shown> {
    if (this.carry === 'phone_live') {
      if (!this.holder.pass) throw new Error(`ticket ${this.holder.ticketId} has no paper pass`);
      return { token: this.holder.pass, as: 'paper_mail' };
    }
    return this.show();
  }

  /**
   * The stale screenshot: the phone's own screen `staleMinutes` earlier (a strip phone), the one
   * taken during the evening, or else the code of the purchase confirmation (hours old).
   */
  staleScreenshot(): Shown {
    const minutes = this.model.staleMinutes ?? 0;
    const token =
      this.carry === 'phone_strip'
        ? this.stripCode(this.now() - minutes * 60_000)
        : (this.screenshot ?? this.holder.token);
    return { token, as: 'screenshot' };
  }

  /** A photocopy of this holder's pass, shown by someone else. */
  photocopy(): Shown {
    return { token: this.pass(), as: 'photocopy' };
  }

  /**
   * Someone else shows a copy of what this holder showed (a screenshot sent round, a photocopy):
   * shown after the holder (the evening waits for `whenShown`).
   */
  copyOfLast(): Shown {
    if (this.lastShown === null)
      throw new Error(`ticket ${this.holder.ticketId}: a copy of a ticket not yet shown`);
    return { token: this.lastShown, as: isPaper(this.carry) ? 'photocopy' : 'screenshot' };
  }

  private async credentialAt(at: number): Promise<string> {
    if (isPaper(this.carry)) return this.pass();
    if (this.carry === 'phone_strip') return this.stripCode(at);
    return this.live.show();
  }

  private stripCode(at: number): string {
    if (!this.strip) throw new Error(`ticket ${this.holder.ticketId}: a strip phone without a strip`);
    const entry = stripTokenAt(this.strip, at);
    if (!entry)
      throw new Error(
        `ticket ${this.holder.ticketId}: the strip has no code for ${new Date(at).toISOString()}`,
      );
    return entry.token;
  }

  /** The printout, or the mailed PDF's pass (the sale's answer carries the same one). */
  private pass(): string {
    const pass = this.carry === 'paper_print' ? this.printed : this.holder.pass;
    if (!pass) throw new Error(`ticket ${this.holder.ticketId} has no paper pass (${this.carry})`);
    return pass;
  }
}
