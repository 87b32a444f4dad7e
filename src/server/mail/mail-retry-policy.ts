/**
 * When a mail that could not be sent is tried again, and when it is given up. Pure, so the
 * schedule is unit-tested and tests of the sender can shrink it.
 */
import { isUnreachableCode, unreachableCodes } from '../../shared/unreachable-codes.js';
import { closedBeforeGreeting, setupProblem } from './smtp-setup-problem.js';

export interface MailRetryPolicy {
  /** Wait after the 1st, 2nd, … failed attempt; the last entry repeats. */
  backoffMs: readonly number[];
  /** After this many failed attempts a mail is marked `failed` (admin can retry it). */
  maxAttempts: number;
  /**
   * Longest wait after the server could not be reached at all. Short, so the box office's mail
   * goes out soon after the line comes back; the sender makes it one connection per interval,
   * not one per mail.
   */
  unreachableRetryMs: number;
}

/** 10 s, 30 s, 2 min, 10 min, 30 min, then hourly: 30 attempts span about a day (24.7 h). */
export const defaultMailRetryPolicy: MailRetryPolicy = {
  backoffMs: [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000],
  maxAttempts: 30,
  unreachableRetryMs: 30_000,
};

export type FailureKind =
  /** The SMTP server could not be reached at all (offline venue, server down, DNS). */
  | 'unreachable'
  /** The server answered 4xx or the conversation broke: worth trying again later. */
  | 'transient'
  /** The server refused the message for good (5xx), e.g. an unknown mailbox. */
  | 'permanent'
  /**
   * The venue's SMTP settings are wrong (login refused or missing, TLS mismatch): no mail can go
   * until someone fixes them, so like an unreachable server it never uses a mail up.
   */
  | 'setup';

export type RetryDecision = { action: 'retry'; at: number } | { action: 'fail' };

/**
 * `attempts` counts the attempt that just failed. An unreachable server never uses up a mail and
 * is tried again within `unreachableRetryMs`: the box office is meant to work offline for a whole
 * weekend and send once the line is back. Wrong settings are waited out the same way: the mails
 * are not at fault and go once the settings are fixed. A permanent refusal fails at once, since
 * repeating it for a day changes nothing.
 */
export function decideRetry(
  policy: MailRetryPolicy,
  kind: FailureKind,
  attempts: number,
  now: number,
): RetryDecision {
  if (kind === 'permanent') return { action: 'fail' };
  if (kind === 'transient' && attempts >= policy.maxAttempts) return { action: 'fail' };
  return { action: 'retry', at: now + retryWaitMs(policy, kind, attempts) };
}

/** The wait before the next try after `attempts` failed ones (never longer than this). */
export function retryWaitMs(
  policy: MailRetryPolicy,
  kind: Exclude<FailureKind, 'permanent'>,
  attempts: number,
): number {
  const index = Math.min(Math.max(attempts, 1), policy.backoffMs.length) - 1;
  const wait = policy.backoffMs[index] ?? 60_000;
  return kind === 'transient' ? wait : Math.min(wait, policy.unreachableRetryMs);
}

/**
 * A server that took the connection (and maybe the whole message) and then fell silent, e.g. slow
 * to confirm after DATA. nodemailer says "Timeout" for this socket silence, "Connection timeout" /
 * "Greeting never received" for a server it never reached.
 */
export function wentSilent(err: unknown): boolean {
  return (
    err instanceof Error && (err as { code?: unknown }).code === 'ETIMEDOUT' && err.message === 'Timeout'
  );
}

/**
 * Classifies an error thrown by nodemailer's SMTP transport. `reachedServer`: the server had
 * greeted and the mail transaction begun (smtp-conversation.ts), so a dropped or reset connection
 * is the conversation breaking, retried with backoff like a 4xx, not an outage that holds every
 * other mail back behind this one.
 */
export function classifyFailure(err: unknown, reachedServer = false): FailureKind {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    responseCode?: unknown;
    code?: unknown;
    errno?: unknown;
  };
  // Before the reply code: a refused login is a 5xx too, but not the recipient's fault.
  if (setupProblem(err) !== null) return 'setup';
  // Reached, so no outage to retry every 30 s without counting (that re-sent the mail each time).
  if (wentSilent(err)) return 'transient';
  if (typeof e.responseCode === 'number') {
    return e.responseCode >= 500 && e.responseCode < 600 ? 'permanent' : 'transient';
  }
  // nodemailer wraps socket failures as ESOCKET/ECONNECTION/ETIMEDOUT/EDNS and keeps the
  // underlying errno-style code on `errno` or in the message.
  if (reachedServer) return 'transient';
  // Taken and closed before any greeting (a port forward or proxy whose server is down): nothing
  // was said, so nothing was decided; nodemailer gives no code for it.
  if (closedBeforeGreeting(err)) return 'unreachable';
  const codes = [e.code, e.errno].filter((c): c is string => typeof c === 'string');
  if (codes.some((c) => isUnreachableCode(c) || c === 'ECONNECTION' || c === 'EDNS')) {
    return 'unreachable';
  }
  const message = err instanceof Error ? err.message : String(err);
  if (unreachableCodes.some((code) => message.includes(code))) return 'unreachable';
  return 'transient';
}
