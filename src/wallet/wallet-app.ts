/**
 * The wallet page's script (`/w/app.js`): draws the ticket's code in the browser from the strip
 * of codes kept on the phone, so the page keeps showing a live code with no signal; asks for a
 * fresh strip whenever it can; says how long it can keep working offline; and registers the
 * service worker that lets the phone open the page again offline. The same script runs in the
 * server's page (which embeds the ticket's details) and in the offline shell the service worker
 * answers with (which does not: the details come from the phone's storage).
 */
import QRCode from 'qrcode';
import { formatAttendeeTime } from '../shared/attendee-time.js';
import { parseTicketToken } from '../shared/ticket-token.js';
import { withoutTrailingPunctuation } from '../shared/link-tail.js';
import { phoneClockNote, phoneClockOffsetMs } from '../shared/wallet-clock.js';
import {
  checkedRecentlyMs,
  codeAt,
  noCodeText,
  noSignalText,
  offlineSupportNote,
  offlineUntilText,
  stripIsStale,
  walletCodeHint,
  walletCodeLabel,
  walletPageTitle,
  walletRefText,
  walletStateLabel,
  walletStateNotice,
  type OfflineSupport,
  type WalletTicketInfo,
} from '../shared/wallet-offline.js';
import type { StripToken, WalletStrip } from '../shared/wallet-strip.js';
import { browserStorage, storageKey, WalletStorage } from './wallet-storage.js';

/** What the server's page embeds (`#wallet-data`); the offline shell has none. */
interface PageData {
  info: WalletTicketInfo;
  /** The code the server handed out with the page, for a ticket whose strip has ended. */
  live: StripToken | null;
}

/** How often an open page asks whether the ticket is still valid (and refreshes an old strip). */
const syncEveryMs = 60_000;
/** How often the page checks whether the 5-minute window changed. */
const tickEveryMs = 1_000;
/** How often the offline shell of a ticket not saved here asks whether the server answers again. */
const unsavedRetryMs = 15_000;
/**
 * When the phone says the signal is back, the first ask can still fail (the radio comes up before
 * the route does, or the signal flickers): asked again after these waits rather than 15 s later.
 */
const backOnlineRetriesMs = [1_000, 2_000, 4_000];
/**
 * How many times in a minute a tab reloads a ticket not saved here before the shell opened by the
 * reload stops asking at once: the server can answer the ask yet fail its ticket page (a 5xx the
 * service worker answers with the shell again), and each reload would then ask and reload again.
 */
const quickReloadLimit = 3;
const quickReloadWindowMs = 60_000;

const scriptUrl = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href);
const version = scriptUrl.searchParams.get('v') ?? '';

function readPageData(): PageData | null {
  const text = document.getElementById('wallet-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

/** A path segment as text; as given when its percent-encoding is broken (no ticket has it). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function setText(id: string, text: string | null): void {
  const element = document.getElementById(id);
  if (!element) return;
  // The page redraws every second; writing the same words again would make a screen reader say a
  // status (how long the phone works offline) again every second too.
  if (element.textContent !== (text ?? '')) element.textContent = text ?? '';
  element.hidden = !text;
}

/**
 * `/w/<secret>`: the page's own path; its secret names the phone's copy (hashed). Offline, the
 * shell answers a link as tapped, so a slash or a full stop stuck on it is dropped here as the
 * server drops it (it redirects such a link), or the saved ticket would not be found.
 */
const secret = withoutTrailingPunctuation(safeDecode(location.pathname.split('/')[2] ?? ''));
const base = `/w/${encodeURIComponent(secret)}`;
const storage = new WalletStorage(browserStorage(), storageKey(secret));
const data = readPageData();
const stored = storage.load();

let info: WalletTicketInfo | null = data?.info ?? stored?.info ?? null;
let strip: WalletStrip | null =
  stored && (!data || stored.info.ticket_id === data.info.ticket_id) ? stored.strip : null;
let live: StripToken | null = data?.live ?? null;
/** Whether the server answered the last time the page asked (the page itself counts). */
let connection: 'online' | 'offline' = data ? 'online' : 'offline';
let support: OfflineSupport = storage.available ? 'checking' : 'no_storage';
let shownToken: string | null = null;
/** The server's time minus the phone's (wallet-clock.ts): codes are drawn by the venue's time. */
let clockOffsetMs =
  typeof stored?.clock_offset_ms === 'number' && Number.isFinite(stored.clock_offset_ms)
    ? stored.clock_offset_ms
    : 0;
const venueNow = (): number => Date.now() + clockOffsetMs;
/**
 * When the server last confirmed the details shown (the venue's time), said with no signal: the
 * server's page just drawn is a confirmation; a copy kept before this was recorded is unknown.
 */
let checkedAt: number | null = data
  ? venueNow()
  : typeof stored?.checked_at === 'string' && Number.isFinite(Date.parse(stored.checked_at))
    ? Date.parse(stored.checked_at)
    : null;

/** The checkedAt the phone's copy holds, so an unchanged check does not rewrite it every minute. */
let savedCheckedAt: number | null = null;

function save(): void {
  if (!info) return;
  const checked = checkedAt === null ? {} : { checked_at: new Date(checkedAt).toISOString() };
  if (storage.save({ v: 1, info, strip, clock_offset_ms: clockOffsetMs, ...checked })) {
    savedCheckedAt = checkedAt;
    document.documentElement.dataset.saved = strip?.generated_at ?? 'no-codes';
  }
}

function renderDetails(ticket: WalletTicketInfo): void {
  // The tab's title too: it kept the event's old name after a rename (the offline shell's 'Ticket').
  if (document.title !== walletPageTitle(ticket)) document.title = walletPageTitle(ticket);
  setText('w-title', ticket.event_title);
  setText('w-meta', `${ticket.venue} · doors ${formatAttendeeTime(ticket.doors_at, ticket.time_zone)}`);
  setText('w-tier', ticket.tier_name);
  setText('w-name', ticket.attendee_name ?? '—');
  setText('w-ref', walletRefText(ticket.ticket_id));
  document.getElementById('qr')?.setAttribute('aria-label', walletCodeLabel(ticket));
  const status = document.getElementById('w-status');
  if (status) {
    status.textContent = walletStateLabel[ticket.state];
    status.dataset.status = ticket.state;
    status.className = `status ${ticket.state === 'valid' ? 'valid' : 'invalid'}`;
  }
}

function drawCode(code: StripToken): void {
  const canvas = document.getElementById('qr') as HTMLCanvasElement | null;
  if (!canvas || code.token === shownToken) return;
  shownToken = code.token;
  QRCode.toCanvas(canvas, code.token, { errorCorrectionLevel: 'M', margin: 4, scale: 8 })
    .then(() => {
      if (shownToken !== code.token) return;
      // The renderer fixes the canvas's size in pixels; the page's style makes it fit the phone.
      canvas.style.removeProperty('width');
      canvas.style.removeProperty('height');
      canvas.dataset.notBefore = code.not_before;
      canvas.dataset.notAfter = code.not_after;
      canvas.hidden = false;
      // The server's image of its live code, for browsers without scripts: the canvas replaces it.
      document.getElementById('qr-live')?.remove();
    })
    .catch(() => {
      shownToken = null;
    });
}

function hideCode(): void {
  shownToken = null;
  const canvas = document.getElementById('qr');
  if (canvas) canvas.hidden = true;
  document.getElementById('qr-live')?.remove();
}

function render(): void {
  if (!info) {
    setText(
      'w-notice',
      // The shell cannot tell a ticket never opened here from a link cut short on its way.
      'This ticket is not saved on this phone yet, or this link is not complete (the whole link is in your ticket mail). Open it once with signal, and it will work without; it opens by itself when the signal is back.',
    );
    setText('w-hint', null);
    hideCode();
    return;
  }
  renderDetails(info);
  const now = venueNow();
  if (info.state !== 'valid') {
    hideCode();
    setText('w-notice', walletStateNotice[info.state]);
    setText('w-hint', null);
    setText('w-offline', null);
    setText('w-connection', null);
    setText('w-support', null);
    setText('w-clock', null);
    return;
  }
  const code = codeAt(strip?.tokens ?? [], live, now);
  if (code) {
    drawCode(code);
    setText('w-notice', null);
  } else {
    hideCode();
    setText('w-notice', noCodeText(strip?.tokens ?? [], info, now));
  }
  // With no code on screen, the hint under it spoke of a code that was not there, and the
  // offline note said again what the notice says.
  setText('w-hint', code ? walletCodeHint : null);
  setText(
    'w-offline',
    strip && code
      ? offlineUntilText(strip.tokens, info, now)
      : !strip && connection === 'online'
        ? 'Saving codes…'
        : null,
  );
  setText('w-connection', connection === 'offline' ? noSignalText(checkedAt, info, now) : null);
  setText('w-support', offlineSupportNote(support));
  setText('w-clock', phoneClockNote(clockOffsetMs));
}

/** GETs one of the page's JSON companions; null (and offline) when the server cannot be reached. */
async function getJson<T>(path: string): Promise<{ status: number; body: T | null } | null> {
  try {
    const sentAt = Date.now();
    const response = await fetch(`${base}/${path}`, { cache: 'no-store' });
    connection = 'online';
    const offset = phoneClockOffsetMs(response.headers.get('date'), sentAt, Date.now());
    if (offset !== null && offset !== clockOffsetMs) {
      clockOffsetMs = offset;
      save();
    }
    const body = response.ok ? ((await response.json()) as T) : null;
    return { status: response.status, body };
  } catch {
    connection = 'offline';
    return null;
  }
}

/** The ticket has no codes any more (info.state says why): none kept, none shown, also offline. */
function dropCodes(): void {
  strip = null;
  live = null;
  save();
  render();
}

async function refreshStrip(): Promise<void> {
  const answer = await getJson<WalletStrip>('strip');
  const fresh = answer?.body;
  if (fresh && info) {
    // Voided or transferred since the page was drawn: said here and kept on the phone (a reload
    // could meet no signal and draw the kept strip again).
    if (fresh.status !== 'active') {
      info = { ...info, state: fresh.status };
      dropCodes();
      return;
    }
    strip = fresh;
    save();
  }
  render();
}

/** Asks whether the ticket is still valid, then refreshes the strip if it is getting old. */
async function sync(): Promise<void> {
  if (info && info.state !== 'valid') return;
  const answer = await getJson<{
    qr_token: string | null;
    expires_at: string | null;
    details?: WalletTicketInfo;
  }>('token');
  const current = answer?.body;
  if (current && !current.qr_token) {
    // Voided, transferred or cancelled meanwhile. Say so here, and keep it on the phone, rather
    // than reload: a reload that met no signal (it comes and goes at a venue) answered with the
    // offline shell, which drew the kept strip of a dead ticket, 'Valid', until the next reload.
    if (info && current.details?.ticket_id === info.ticket_id && current.details.state !== 'valid') {
      info = current.details;
      dropCodes();
      return;
    }
    location.reload();
    return;
  }
  // Doors moved (or a name corrected) since the page was drawn: the mail had the old time, so
  // the page, and the copy kept for offline, must not keep it too.
  const details = current?.details;
  let doorsMoved = false;
  if (info && details?.ticket_id === info.ticket_id) {
    // Moved later, the kept strip ends too early for the night: take a new one now.
    doorsMoved = details.doors_at !== info.doors_at;
    const changed = JSON.stringify(details) !== JSON.stringify(info);
    info = details;
    // The details as they are now, whether or not they changed: said with no signal later.
    checkedAt = venueNow();
    // The copy is mostly the strip's codes: an unchanged check restamps it only every few
    // minutes, well inside the age at which the no-signal line starts naming the check.
    if (changed || savedCheckedAt === null || checkedAt - savedCheckedAt >= checkedRecentlyMs / 2) save();
  }
  const claims = current?.qr_token ? parseTicketToken(current.qr_token)?.claims : undefined;
  if (current?.qr_token && claims) {
    live = {
      token: current.qr_token,
      not_before: new Date(claims.iat * 1000).toISOString(),
      not_after: new Date(claims.exp * 1000).toISOString(),
    };
  }
  if (connection === 'online' && (doorsMoved || stripIsStale(strip, venueNow()))) await refreshStrip();
  else render();
}

function setSupport(next: OfflineSupport): void {
  support = next;
  document.documentElement.dataset.offline = next;
  render();
}

function registerServiceWorker(): void {
  if (!storage.available) return setSupport('no_storage');
  // Plain HTTP off this machine has no service workers at all.
  if (!('serviceWorker' in navigator)) return setSupport('refused');
  navigator.serviceWorker
    .register(`/w/sw.js?v=${encodeURIComponent(version)}`, { scope: '/w/' })
    .then(() => navigator.serviceWorker.ready)
    .then(
      () => setSupport('ready'),
      // An address without a trusted certificate (the venue LAN's self-signed one): the codes
      // stay saved while the page is open, and the page says so.
      () => setSupport('refused'),
    );
}

if (data && data.info.state !== 'valid') {
  strip = null;
  save();
}
render();
if (info?.state === 'valid') {
  if (data) {
    save();
    if (stripIsStale(strip, venueNow())) void refreshStrip();
  } else {
    // The offline shell: perhaps the server only stumbled; ask, without waiting for it.
    void sync();
  }
  window.setInterval(render, tickEveryMs);
  window.setInterval(() => void sync(), syncEveryMs);
  window.addEventListener('online', () => void sync());
  // Flight mode: say so now rather than at the next minute's check.
  window.addEventListener('offline', () => {
    connection = 'offline';
    render();
  });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) void sync();
  });
}
if (!info) {
  // The offline shell of a ticket never opened on this phone (another ticket of the order, say)
  // has nothing to draw. It said "open it once with signal", and then stayed as it was when the
  // signal came back: once the server answers again, open the ticket's own page.
  let asking = false;
  // This tab's reloads of the last minute (sessionStorage outlives a reload, not the tab; either
  // side of now, so a phone clock set back does not keep old ones for ever); null when the browser
  // refuses sessionStorage: then the shell never asks at once on load, so it cannot loop.
  const reloadsKey = `${storageKey(secret)}.reloads`;
  const recentReloads = (): number[] | null => {
    try {
      const kept: unknown = JSON.parse(window.sessionStorage.getItem(reloadsKey) ?? '[]');
      const now = Date.now();
      return Array.isArray(kept)
        ? kept.filter(
            (at): at is number => typeof at === 'number' && Math.abs(now - at) < quickReloadWindowMs,
          )
        : [];
    } catch {
      return null;
    }
  };
  const reload = (): void => {
    try {
      const reloads = [...(recentReloads() ?? []), Date.now()].slice(-quickReloadLimit);
      window.sessionStorage.setItem(reloadsKey, JSON.stringify(reloads));
    } catch {
      // Not kept: this shell's load will not ask at once (recentReloads is null).
    }
    location.reload();
  };
  /** Whether the server answered (the page is being opened). */
  const openWhenServerAnswers = async (): Promise<boolean> => {
    if (asking) return false;
    asking = true;
    try {
      const response = await fetch(`${base}/token`, { cache: 'no-store' });
      // A link cut short answers 404: the server's page for it says where the whole link is.
      if (response.status < 500) {
        reload();
        return true;
      }
    } catch {
      // Still no signal: asked again later.
    } finally {
      asking = false;
    }
    return false;
  };
  const askSoonAfterSignal = async (): Promise<void> => {
    if (await openWhenServerAnswers()) return;
    for (const waitMs of backOnlineRetriesMs) {
      await new Promise((resolve) => window.setTimeout(resolve, waitMs));
      if (!navigator.onLine) return;
      if (await openWhenServerAnswers()) return;
    }
  };
  // Loaded while the phone says it is online: the signal flickered as this page (or the reload
  // of a shell whose ask was answered) was asked for, and no 'online' event will come. Ask now,
  // then 1, 2 and 4 s later, rather than 15 s later; but not after this tab's last few reloads
  // all landed here again (the server answers, its page does not): then only every 15 s.
  if (navigator.onLine && (recentReloads()?.length ?? quickReloadLimit) < quickReloadLimit) {
    void askSoonAfterSignal();
  }
  window.setInterval(() => void openWhenServerAnswers(), unsavedRetryMs);
  window.addEventListener('online', () => void askSoonAfterSignal());
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) void openWhenServerAnswers();
  });
}
registerServiceWorker();
