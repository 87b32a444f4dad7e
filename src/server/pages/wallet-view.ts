import { formatAttendeeTime } from '../../shared/attendee-time.js';
import {
  walletCodeHint,
  walletCodeLabel,
  walletRefText,
  walletStateLabel,
  walletStateNotice,
  walletPageTitle,
  type WalletState,
  type WalletTicketInfo,
} from '../../shared/wallet-offline.js';
import type { StripToken } from '../../shared/wallet-strip.js';
import { eventTimeZone } from '../domain/views.js';
import type { WalletRow } from '../store/wallet-repo.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { toIso } from '../time.js';
import { pageShell } from './html.js';

export type { WalletState } from '../../shared/wallet-offline.js';

export function walletState(row: WalletRow): WalletState {
  if (row.status === 'transferred') return 'transferred';
  if (row.status === 'voided') return 'voided';
  if (row.event_status === 'cancelled') return 'cancelled';
  return 'valid';
}

/** Without scripts, the page reloads itself this often for a fresher code. */
export const walletRefreshSeconds = 60;

/** The path of the offline shell the service worker keeps (the same for every ticket). */
export const walletShellPath = '/w/offline';

/**
 * The wallet's Content-Security-Policy: scripts only from the server (the wallet app), images
 * only from it (the no-script QR), the manifest and the service worker from it too.
 */
export const walletCsp =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; " +
  "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const walletStyle = `<style>
  .ticket { background: #fff; border-radius: .75rem; box-shadow: 0 1px 3px #0003; padding: 1.25rem; }
  .ticket dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
  .ticket dt { color: #5c574f; }
  .ticket dd { margin: 0; font-weight: 600; }
  .qr { display: block; width: 100%; max-width: 22rem; height: auto; aspect-ratio: 1; margin: 0 auto; }
  .status.valid { color: #1a7f37; }
  .status.invalid { color: #b42318; }
  .hint, .ref, .offline, .connection { color: #5c574f; font-size: .85rem; text-align: center; }
  .offline { color: #1d1b18; font-weight: 600; }
  .connection { color: #8a5a00; }
  [hidden] { display: none !important; }
</style>`;

export interface WalletPageInput {
  row: WalletRow;
  /** `/w/<secret>`, the page's own path, for the QR image and the manifest. */
  secretPath: string;
  /** The ticket's current code (with the page), or null when it has none. */
  live: StripToken | null;
  /** The wallet app's build, or null when it is missing (the page still shows the server's QR). */
  appVersion: string | null;
}

/** The ticket's details as the wallet app keeps them on the phone. */
export function walletInfo(row: WalletRow): WalletTicketInfo {
  return {
    ticket_id: row.ticket_id,
    event_title: row.event_title,
    venue: row.venue,
    doors_at: toIso(row.doors_at),
    time_zone: eventTimeZone(row),
    tier_name: row.tier_name,
    attendee_name: row.attendee_name,
    state: walletState(row),
  };
}

/** JSON for inside a <script> element: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const appScript = (version: string): string =>
  `<script src="/w/app.js?v=${escapeHtml(encodeURIComponent(version))}" defer></script>`;

/** The ticket card; every element the wallet app fills has an id, so the shell can reuse it. */
function ticketCard(info: WalletTicketInfo | null, code: string, hint: string): string {
  const state = info?.state ?? 'valid';
  const notice = info && state !== 'valid' ? walletStateNotice[state] : '';
  return `<section class="ticket"><dl>
  <dt>Ticket</dt><dd id="w-tier">${escapeHtml(info?.tier_name ?? '')}</dd>
  <dt>Name</dt><dd id="w-name">${info ? escapeHtml(info.attendee_name ?? '—') : ''}</dd>
  <dt>Status</dt><dd id="w-status" class="status ${state === 'valid' ? 'valid' : 'invalid'}" data-status="${state}">${info ? walletStateLabel[state] : ''}</dd>
</dl>
${code}
<p id="w-notice" class="notice"${notice ? '' : ' hidden'}>${escapeHtml(notice)}</p>
<p id="w-hint" class="hint"${hint ? '' : ' hidden'}>${hint}</p>
<p id="w-offline" class="offline" role="status" hidden></p>
<p id="w-connection" class="connection" hidden></p>
<p id="w-support" class="connection" hidden></p>
<p id="w-clock" class="connection" role="status" hidden></p>
<p id="w-ref" class="ref">${info ? escapeHtml(walletRefText(info.ticket_id)) : ''}</p></section>`;
}

// The icons are named here too: a tab asks for /favicon.ico otherwise (a 404 on every open), and
// an iPhone's "Add to Home Screen" takes apple-touch-icon, not the manifest's icons.
const head = (extra = ''): string => `<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#1d1b18">
<link rel="icon" href="/w/icon-256.png">
<link rel="apple-touch-icon" href="/w/icon-256.png">
${extra}${walletStyle}`;

export function walletHtml({ row, secretPath, live, appVersion }: WalletPageInput): string {
  const info = walletInfo(row);
  const valid = info.state === 'valid' && live !== null;
  const codeLabel = walletCodeLabel(info);
  // The server's image of the live code: what a browser without scripts (or without the wallet
  // build) shows; the app replaces it with codes drawn from the strip on the phone.
  const code = valid
    ? `<img id="qr-live" class="qr" alt="${escapeHtml(codeLabel)}" src="${escapeHtml(`${secretPath}/qr.png?v=${encodeURIComponent(live.not_after)}`)}">
<canvas id="qr" class="qr" role="img" aria-label="${escapeHtml(codeLabel)}" hidden></canvas>`
    : '';
  const hint = valid ? walletCodeHint : '';
  const body = `<h1 id="w-title">${escapeHtml(info.event_title)}</h1>
<p id="w-meta" class="meta">${escapeHtml(info.venue)} · doors ${escapeHtml(formatAttendeeTime(info.doors_at, info.time_zone))}</p>
${ticketCard(info, code, hint)}
${appVersion ? `<script type="application/json" id="wallet-data">${scriptJson({ info, live })}</script>\n${appScript(appVersion)}` : ''}`;
  const extra = `<link rel="manifest" href="${escapeHtml(`${secretPath}/manifest.webmanifest`)}">
${valid ? `<noscript><meta http-equiv="refresh" content="${walletRefreshSeconds}"></noscript>\n` : ''}`;
  return pageShell(walletPageTitle(info), body, head(extra));
}

/**
 * The page the service worker answers with when a ticket page cannot be fetched: the same card,
 * empty, for the wallet app to fill from the phone's storage. It names no ticket.
 */
export function walletShellHtml(appVersion: string): string {
  const code = '<canvas id="qr" class="qr" role="img" aria-label="Ticket QR code" hidden></canvas>';
  const body = `<h1 id="w-title">Your ticket</h1>
<p id="w-meta" class="meta"></p>
${ticketCard(null, code, walletCodeHint)}
${appScript(appVersion)}`;
  return pageShell('Ticket', body, head());
}
