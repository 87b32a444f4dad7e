/**
 * The offline wallet (the wallet page as an installable web app): what the page keeps on the
 * phone, which code it shows at a given moment, when it asks for a fresher strip, and how it says
 * how long it can keep working without signal. Pure and browser-safe; the page script
 * (src/wallet) and the server's page (src/server/pages) share it.
 */
import { formatAttendeeTime } from './attendee-time.js';
import { stripAfterDoorsSeconds, stripTokenAt, type StripToken, type WalletStrip } from './wallet-strip.js';

/** Whether the ticket can be shown at all; only `valid` has codes. */
export type WalletState = 'valid' | 'transferred' | 'voided' | 'cancelled';

/**
 * What the page shows about the ticket besides its code, embedded in the page (JSON) and kept on
 * the phone with the strip, so the page can be drawn again with no signal. No secret, no email.
 */
export interface WalletTicketInfo {
  ticket_id: string;
  event_title: string;
  venue: string;
  /** ISO UTC. */
  doors_at: string;
  /** The event's IANA zone: attendee times are given in it. */
  time_zone: string;
  tier_name: string;
  attendee_name: string | null;
  state: WalletState;
}

/**
 * What the phone keeps per ticket (localStorage), keyed by a hash of the wallet secret. `strip`
 * is null for a ticket without codes (voided, transferred, cancelled), so the page opened again
 * offline still says why.
 */
export interface StoredWallet {
  v: 1;
  info: WalletTicketInfo;
  strip: WalletStrip | null;
  /**
   * The server's time minus the phone's, as last measured (src/shared/wallet-clock.ts), so a
   * phone whose clock is off still draws the right code offline. Absent in copies kept before.
   */
  clock_offset_ms?: number;
  /**
   * When the server last confirmed the ticket's details (ISO, the venue's time: the phone's clock
   * corrected by the offset above), so the page with no signal can say how old they are. Absent in
   * copies kept before: unknown.
   */
  checked_at?: string;
}

/** Why a ticket without codes has none, in the holder's words. */
export const walletStateNotice: Record<Exclude<WalletState, 'valid'>, string> = {
  transferred:
    // Also what a holder sees whose ticket the box office replaced (a lost phone): the old link
    // in their mail must point them to the new mail, not tell them someone else has it.
    'This ticket was replaced by a new one (transferred to someone else, or reissued by the box office) and can no longer be used. The new ticket was sent by email to its holder: if that is you, open the newest email from the venue.',
  voided: 'This ticket has been voided and can no longer be used.',
  cancelled: 'This event has been cancelled, so this ticket will not be scanned.',
};

/**
 * The code's text alternative. "Ticket QR code" told a holder who cannot see the screen neither
 * which ticket it is nor what to do with it; this says both, on the server's page and the app's.
 */
export function walletCodeLabel(info: Pick<WalletTicketInfo, 'tier_name' | 'attendee_name'>): string {
  const which = info.attendee_name ? `${info.tier_name}, ${info.attendee_name}` : info.tier_name;
  return `Door code of this ticket (${which}): hold the screen up to the steward's scanner at the door.`;
}

/**
 * The page's title (its tab, the phone's list of open pages): the event's name as it is now, so a
 * page left open after the box office renamed the event does not keep the old name there.
 */
export const walletPageTitle = (info: Pick<WalletTicketInfo, 'event_title'>): string =>
  `Ticket · ${info.event_title}`;

/** The ticket's id under the code, said as what it is (the box office finds an order by it). */
export const walletRefText = (ticketId: string): string => `Ticket number ${ticketId}`;

export const walletStateLabel: Record<WalletState, string> = {
  valid: 'Valid',
  transferred: 'Transferred',
  voided: 'Voided',
  cancelled: 'Event cancelled',
};

/**
 * Whether the phone can open the page again without signal: `ready` once a service worker keeps
 * the page; `refused` where the browser will not run one (an address without a trusted
 * certificate, such as the venue LAN's self-signed one); `no_storage` where it will not even keep
 * the codes (some private modes).
 */
export type OfflineSupport = 'checking' | 'ready' | 'refused' | 'no_storage';

/** What to tell the holder when the page cannot be opened again offline; null when it can. */
export function offlineSupportNote(support: OfflineSupport): string | null {
  if (support === 'refused') {
    return 'This browser will not keep this page for use without signal at this address (it needs a secure https:// address). The codes stay saved while the page is open: keep it open until you are in.';
  }
  if (support === 'no_storage') {
    return 'This browser does not let the page save codes (private browsing?). Keep this page open, or open it again with signal at the door.';
  }
  return null;
}

/** Under the code: what to do with it. Only while a code is shown (the app hides it otherwise). */
export const walletCodeHint = 'Show this code at the door. It changes every 5 minutes, by itself.';

/**
 * What the page says in place of a code when it has none for this moment. The doors moved later
 * than the saved codes reach (the page heard of it, and the signal went before new codes came):
 * the plain "no code for this moment" read as if the ticket had stopped working, hours before a
 * door that has not opened, so it says the codes ran out before the doors and what to do.
 */
export function noCodeText(
  tokens: readonly StripToken[],
  info: Pick<WalletTicketInfo, 'doors_at' | 'time_zone'>,
  nowMs: number,
): string {
  const end = stripEndsAt(tokens);
  if (end !== null && end <= nowMs && end < Date.parse(info.doors_at)) {
    return `The codes saved on this phone ran out on ${formatAttendeeTime(end, info.time_zone)}, before the doors. Open this page with signal before you go, to get the codes for the night.`;
  }
  return 'No code for this moment is saved on this phone: open this page with signal.';
}

/** A strip older than this is asked for again whenever the phone has signal. */
export const stripRefreshAfterMs = 15 * 60_000;

/** The moment the strip's last code stops being shown (its not_after), or null for no codes. */
export function stripEndsAt(tokens: readonly StripToken[]): number | null {
  const last = tokens[tokens.length - 1];
  return last ? Date.parse(last.not_after) : null;
}

/**
 * The code to show at `atMs`: the strip's window containing it, else the live code the page came
 * with if it is still inside its own window (a ticket whose strip ended, e.g. doors + 12 h passed).
 */
export function codeAt(
  tokens: readonly StripToken[],
  live: StripToken | null,
  atMs: number,
): StripToken | undefined {
  const fromStrip = stripTokenAt(tokens, atMs);
  if (fromStrip) return fromStrip;
  if (live && Date.parse(live.not_before) <= atMs && atMs < Date.parse(live.not_after)) return live;
  return undefined;
}

/** Whether the page should ask for a fresh strip now (it has signal): none kept, or an old one. */
export function stripIsStale(strip: Pick<WalletStrip, 'generated_at'> | null, nowMs: number): boolean {
  if (!strip) return true;
  const made = Date.parse(strip.generated_at);
  // A strip made "in the future" came from a clock that was ahead: ask again rather than trust it.
  return !Number.isFinite(made) || nowMs - made >= stripRefreshAfterMs || made - nowMs > 60_000;
}

/**
 * How long the phone can show codes without signal, in words, e.g. "Works offline until
 * Thu 26 Nov 2026, 19:00 (New York time). Open it once with signal before then to extend." When
 * the strip runs to the end of the night (doors + 12 h) there is nothing to extend, and once the
 * night is over nothing to say: no codes are saved past it, and "open this page with signal to
 * get them" sat under the code the page had just fetched with signal.
 */
export function offlineUntilText(
  tokens: readonly StripToken[],
  info: Pick<WalletTicketInfo, 'doors_at' | 'time_zone'>,
  nowMs: number,
): string | null {
  const nightEnds = Date.parse(info.doors_at) + stripAfterDoorsSeconds * 1000;
  if (nowMs >= nightEnds) return null;
  const end = stripEndsAt(tokens);
  if (end === null || end <= nowMs) {
    return 'No codes are saved on this phone for now: open this page with signal to get them.';
  }
  const until = formatAttendeeTime(end, info.time_zone);
  if (end >= nightEnds) return `Works offline all night: the codes are saved on this phone until ${until}.`;
  return `Works offline until ${until}. Open it once with signal before then to extend.`;
}

/**
 * Below this age the details count as just checked: a page that lost its signal a moment ago
 * (its check runs every minute) has nothing out of date to warn about.
 */
export const checkedRecentlyMs = 10 * 60_000;

/**
 * What the page says while it has no signal. A phone offline since before the box office moved the
 * doors (or renamed the event) kept showing the old time with nothing to say it might be out of
 * date; past checkedRecentlyMs it says when the details were last checked with the venue, in the
 * event's zone. `checkedAtMs` null (a copy kept before this was recorded) keeps the plain words.
 */
export function noSignalText(
  checkedAtMs: number | null,
  info: Pick<WalletTicketInfo, 'time_zone'>,
  nowMs: number,
): string {
  if (checkedAtMs === null || !Number.isFinite(checkedAtMs) || nowMs - checkedAtMs < checkedRecentlyMs) {
    return 'No signal: showing the code saved on this phone.';
  }
  const checked = formatAttendeeTime(checkedAtMs, info.time_zone);
  return `No signal: showing the ticket as last checked with the venue on ${checked}. A change made since, such as a new doors time, shows when the signal is back.`;
}
