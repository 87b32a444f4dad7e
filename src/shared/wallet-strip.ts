/**
 * The offline wallet strip of CONTRACT.md "Ticket credentials" (`GET /w/{secret}/strip`):
 * ordinary rotating codes for the 5-minute windows ahead, so a phone without signal still shows
 * a live code. Which windows the server signs, and which code a wallet shows at a given moment.
 * Browser-safe.
 */
import { tokenLifetimeSeconds } from './ticket-token.js';

/** The strip runs until this long after doors (the night is over by then) … */
export const stripAfterDoorsSeconds = 12 * 60 * 60;
/** … but never more than this far ahead: 432 codes of 5 minutes. */
export const stripMaxAheadSeconds = 36 * 60 * 60;
export const stripMaxTokens = stripMaxAheadSeconds / tokenLifetimeSeconds;

export interface StripToken {
  token: string;
  /** The code's iat and exp, ISO UTC. */
  not_before: string;
  not_after: string;
}

export interface WalletStrip {
  ticket_id: string;
  event_id: string;
  status: 'active' | 'transferred' | 'voided';
  generated_at: string;
  tokens: StripToken[];
}

/**
 * The windows (their start, unix seconds) a strip made at `nowMs` covers: aligned to 5-minute
 * marks, the first one containing now, one after another without a gap, up to the window in
 * which doors + 12 h falls, and at most 432 of them (so the last ends no later than now + 36 h).
 * Aligned windows make a ticket's code for a window the same whenever it is signed.
 */
export function stripWindows(nowMs: number, doorsAtMs: number): number[] {
  const first = Math.floor(nowMs / 1000 / tokenLifetimeSeconds) * tokenLifetimeSeconds;
  const end = Math.min(Math.floor(doorsAtMs / 1000) + stripAfterDoorsSeconds, first + stripMaxAheadSeconds);
  const windows: number[] = [];
  for (let start = first; start < end; start += tokenLifetimeSeconds) windows.push(start);
  return windows;
}

/** The code a wallet shows at `atMs`: the one whose window contains it; undefined past the strip. */
export function stripTokenAt(tokens: readonly StripToken[], atMs: number): StripToken | undefined {
  return tokens.find((entry) => Date.parse(entry.not_before) <= atMs && atMs < Date.parse(entry.not_after));
}
