import { formatAttendeeTime } from '../../shared/attendee-time.js';
import { eventTimeZone } from '../domain/views.js';
import type { WalletRow } from '../store/wallet-repo.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { pageShell } from './html.js';

/** What the holder can do with the ticket; only `valid` shows a QR code. */
export type WalletState = 'valid' | 'transferred' | 'voided' | 'cancelled';

export function walletState(row: WalletRow): WalletState {
  if (row.status === 'transferred') return 'transferred';
  if (row.status === 'voided') return 'voided';
  if (row.event_status === 'cancelled') return 'cancelled';
  return 'valid';
}

const stateNotice: Record<Exclude<WalletState, 'valid'>, string> = {
  transferred:
    'This ticket was transferred to someone else and can no longer be used. The new holder received their own ticket by email.',
  voided: 'This ticket has been voided and can no longer be used.',
  cancelled: 'This event has been cancelled, so this ticket will not be scanned.',
};

const stateLabel: Record<WalletState, string> = {
  valid: 'Valid',
  transferred: 'Transferred',
  voided: 'Voided',
  cancelled: 'Event cancelled',
};

/** How often an open page asks for a fresher token; the server re-mints with under 4 min left. */
export const walletRefreshSeconds = 60;

const walletStyle = `<style>
  .ticket { background: #fff; border-radius: .75rem; box-shadow: 0 1px 3px #0003; padding: 1.25rem; }
  .ticket dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
  .ticket dt { color: #5c574f; }
  .ticket dd { margin: 0; font-weight: 600; }
  .qr { display: block; width: 100%; max-width: 22rem; height: auto; margin: 0 auto; image-rendering: pixelated; }
  .status.valid { color: #1a7f37; }
  .status.invalid { color: #b42318; }
  .hint, .ref { color: #5c574f; font-size: .85rem; text-align: center; }
</style>`;

/**
 * The script swaps the QR image when the server hands out a new token, and reloads the page when
 * the ticket stops being valid (transferred or voided while open). Without scripts, the
 * noscript refresh reloads the whole page instead.
 */
/** JSON for inside a <script> element: `<` escaped so no value can close the element. */
const scriptJson = (value: string): string => JSON.stringify(value).replace(/</g, '\\u003c');

function refreshScript(nonce: string, secretPath: string, expiresAt: string): string {
  return `<script nonce="${nonce}">
(function () {
  var base = ${scriptJson(secretPath)};
  var shown = ${scriptJson(expiresAt)};
  var img = document.getElementById('qr');
  function refresh() {
    fetch(base + '/token', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (t) {
        if (!t) return;
        if (!t.qr_token) { location.reload(); return; }
        if (t.expires_at !== shown) {
          shown = t.expires_at;
          img.src = base + '/qr.png?v=' + encodeURIComponent(shown);
        }
      })
      .catch(function () { /* offline: keep the current code, try again later */ });
  }
  setInterval(refresh, ${walletRefreshSeconds * 1000});
  document.addEventListener('visibilitychange', function () { if (!document.hidden) refresh(); });
})();
</script>`;
}

export interface WalletPageInput {
  row: WalletRow;
  /** `/w/<secret>`, the page's own path, for the QR image and token requests. */
  secretPath: string;
  /** ISO expiry of the token the QR image will carry; null when no QR is shown. */
  expiresAt: string | null;
  nonce: string;
}

export function walletHtml({ row, secretPath, expiresAt, nonce }: WalletPageInput): string {
  const state = walletState(row);
  const doors = formatAttendeeTime(row.doors_at, eventTimeZone(row));
  const details = `<dl>
  <dt>Ticket</dt><dd>${escapeHtml(row.tier_name)}</dd>
  <dt>Name</dt><dd>${row.attendee_name ? escapeHtml(row.attendee_name) : '—'}</dd>
  <dt>Status</dt><dd class="status ${state === 'valid' ? 'valid' : 'invalid'}" data-status="${state}">${stateLabel[state]}</dd>
</dl>`;
  const qr =
    state === 'valid' && expiresAt
      ? `<img id="qr" class="qr" alt="Ticket QR code" src="${escapeHtml(`${secretPath}/qr.png?v=${encodeURIComponent(expiresAt)}`)}">
<p class="hint">Show this code at the door. It refreshes by itself while this page is open.</p>`
      : `<p class="notice">${stateNotice[state as Exclude<WalletState, 'valid'>]}</p>`;
  const body = `<h1>${escapeHtml(row.event_title)}</h1>
<p class="meta">${escapeHtml(row.venue)} · doors ${escapeHtml(doors)}</p>
<section class="ticket">${details}${qr}
<p class="ref">${escapeHtml(row.ticket_id)}</p></section>
${state === 'valid' && expiresAt ? refreshScript(nonce, secretPath, expiresAt) : ''}`;
  const head = `<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<noscript><meta http-equiv="refresh" content="${walletRefreshSeconds}"></noscript>
${walletStyle}`;
  return pageShell(`Ticket · ${row.event_title}`, body, head);
}
