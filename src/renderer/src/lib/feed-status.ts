import { humanizeSeconds } from './humanize.js';

/**
 * Where the monitor's live feed stands. `loading`: reading the scan log after connecting;
 * `catching_up`: reconnected and receiving what it missed; `live`: up to date.
 */
export type FeedPhase = 'idle' | 'connecting' | 'loading' | 'catching_up' | 'live' | 'reconnecting';

export interface FeedStatus {
  phase: FeedPhase;
  /** Reconnect attempts since the feed was last open. */
  attempt: number;
  /** When the next reconnect attempt starts (ms), while reconnecting. */
  retryAt: number | null;
  /** Entries replayed since the last reconnect (missed while away). */
  replayed: number;
  /** When the feed last caught up after a reconnect (ms). */
  caughtUpAt: number | null;
  /** Why the last connection ended or failed, when known. */
  error: string | null;
}

export const initialFeedStatus: FeedStatus = {
  phase: 'idle',
  attempt: 0,
  retryAt: null,
  replayed: 0,
  caughtUpAt: null,
  error: null,
};

export type Tone = 'good' | 'warn' | 'bad' | 'muted';

/** How long "caught up" stays on screen after a reconnect before it settles to "Live". */
export const caughtUpNoticeMs = 15_000;

/** The feed's state as one short sentence for the monitor's header, and its colour. */
export function feedStatusText(status: FeedStatus, now: number): { tone: Tone; text: string } {
  const missed = (n: number) => `${n} missed ${n === 1 ? 'update' : 'updates'}`;
  switch (status.phase) {
    case 'idle':
      return { tone: 'muted', text: 'Not connected' };
    case 'connecting':
      return { tone: 'muted', text: 'Connecting to the scan feed…' };
    case 'loading':
      return { tone: 'warn', text: 'Connected; reading the scan log…' };
    case 'catching_up':
      return { tone: 'warn', text: `Reconnected; catching up (${missed(status.replayed)} so far)…` };
    case 'reconnecting': {
      const wait =
        status.retryAt === null
          ? ''
          : `, next try in ${humanizeSeconds(Math.ceil((status.retryAt - now) / 1000))}`;
      return {
        tone: 'bad',
        text: `Reconnecting… (attempt ${status.attempt}${wait}). The numbers below are behind; scans made meanwhile will be replayed.`,
      };
    }
    case 'live':
      if (status.caughtUpAt !== null && now - status.caughtUpAt < caughtUpNoticeMs) {
        return { tone: 'good', text: `Caught up (${missed(status.replayed)} replayed). Live.` };
      }
      return { tone: 'good', text: 'Live' };
  }
}
