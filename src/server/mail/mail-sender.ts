import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { BackwardStepWatch } from '../clock-step.js';
import type { MailRepo, MailRow } from '../store/mail-repo.js';
import type { StorageHealth } from '../store/storage-health.js';
import { nodemailerMessage } from './mail-message.js';
import type { OutgoingMail } from '../domain/mail-port.js';
import {
  classifyFailure,
  wentSilent,
  decideRetry,
  defaultMailRetryPolicy,
  retryWaitMs,
  type FailureKind,
  type MailRetryPolicy,
} from './mail-retry-policy.js';
import { setupPrefix, unreachablePrefix } from '../../shared/mail-last-error.js';
import { setupError, unreachableError } from './smtp-setup-problem.js';
import { SmtpConversationWatch } from './smtp-conversation.js';
import { smtpConnectionOptions } from './smtp-url.js';

/** The knobs tests turn down; production uses the defaults. */
export interface MailSenderTuning {
  /** Longest sleep between looks at the outbox when nothing wakes the sender. */
  pollMs: number;
  policy: MailRetryPolicy;
  /** How long stop() lets an in-flight send finish before abandoning it (it stays pending). */
  stopGraceMs: number;
  /** Mails read per look; more are fetched right away when a batch comes back full. */
  batchSize: number;
  /** How long a connected server may stay silent before its greeting counts as never coming. */
  greetingTimeoutMs: number;
  /**
   * How long a server that greeted may go silent mid-conversation (the wait for its confirmation
   * after DATA included) before the attempt counts as failed and is tried again later.
   */
  socketTimeoutMs: number;
}

export const defaultMailSenderTuning: MailSenderTuning = {
  pollMs: 5_000,
  policy: defaultMailRetryPolicy,
  // Short enough that the whole shutdown fits its 9 s deadline (shutdown.ts).
  stopGraceMs: 3_000,
  batchSize: 20,
  greetingTimeoutMs: 10_000,
  // A server may take a while to confirm a message after DATA (a virus scan of the PDF; RFC 5321
  // allows it 10 minutes), and each give-up there sends the mail again; a half-open connection
  // holds the queue no longer than this (shutdown has its own grace, stopGraceMs).
  socketTimeoutMs: 120_000,
};

/** What ServerOptions.mailSender may override; policy fields merge one by one. */
export type MailSenderOverrides = Partial<Omit<MailSenderTuning, 'policy'>> & {
  policy?: Partial<MailRetryPolicy>;
};

export interface MailSenderConfig {
  smtpUrl: string;
  /** The From header, read at each send (a function: the venue's name may be changed meanwhile). */
  from: string | (() => string);
  tuning?: MailSenderOverrides;
}

export interface MailSenderDeps {
  repo: MailRepo;
  /**
   * The mail a row stands for: stored messages as they are, other kinds composed now (PDF
   * tickets and all; domain/ticket-mail-composer.ts), off the request that queued them.
   */
  compose: (row: MailRow) => Promise<OutgoingMail>;
  now: () => number;
  log: FastifyBaseLogger;
  /** While the disk is full nothing is sent: a mail whose `sent` cannot be written goes again. */
  storage: StorageHealth;
}

/** Mails waiting for the line or the settings, not for anything of their own. */
const heldBackPrefixes = [unreachablePrefix, setupPrefix];
const heldBack = (lastError: string | null): boolean =>
  heldBackPrefixes.some((prefix) => lastError?.startsWith(prefix) === true);

type Outcome = 'sent' | FailureKind | 'abandoned';

/** The connection closed or reset without a reply (said in words, since it may have been taken). */
const brokenOff = (err: unknown): boolean => {
  const { code, responseCode } = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  return (
    typeof responseCode !== 'number' && (code === undefined || code === 'ECONNECTION' || code === 'ESOCKET')
  );
};

/**
 * Delivers the mail outbox over SMTP, one mail at a time, oldest first. A row stays `pending`
 * while it is being sent and becomes `sent` only after the server accepted it, so a crash at any
 * point means at worst a second delivery, never a lost mail. Failures back off per mail
 * (mail-retry-policy.ts). While the server is unreachable, the sender makes one connection attempt
 * per `unreachableRetryMs` (with the oldest due mail) instead of one per due mail, and the first
 * success makes every mail held back by the outage due again.
 */
export class MailSender {
  private readonly tuning: MailSenderTuning;
  private readonly from: () => string;
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly conversation = new SmtpConversationWatch();
  private stopping = false;
  /** Set when stop() gave up waiting: the in-flight send must not touch the closing store. */
  private abandoned = false;
  private loopDone: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private wakeRequested = false;
  private pausedUntil = 0;
  private readonly clockWatch = new BackwardStepWatch();
  /** Mails the SMTP server accepted whose `sent` mark could not be written yet (disk full). */
  private readonly sentUnrecorded = new Map<string, number>();
  private stopStorageWatch: () => void = () => undefined;

  constructor(
    config: MailSenderConfig,
    private readonly deps: MailSenderDeps,
  ) {
    this.tuning = {
      ...defaultMailSenderTuning,
      ...config.tuning,
      policy: { ...defaultMailSenderTuning.policy, ...config.tuning?.policy },
    };
    this.transport = nodemailer.createTransport(
      {
        ...smtpConnectionOptions(config.smtpUrl),
        connectionTimeout: 10_000,
        greetingTimeout: this.tuning.greetingTimeoutMs,
        socketTimeout: this.tuning.socketTimeoutMs,
        logger: this.conversation.logger,
      },
      {},
    );
    const from = config.from;
    this.from = typeof from === 'string' ? () => from : from;
  }

  start(): void {
    if (this.loopDone) return;
    // Space is back: record what was sent meanwhile, then go on sending.
    this.stopStorageWatch = this.deps.storage.onChange((problem) => {
      if (!problem) this.notify();
    });
    this.loopDone = this.loop();
  }

  /**
   * Called after a mail is enqueued. Deferred to the next turn of the event loop: enqueue runs
   * inside a synchronous SQLite transaction, which has committed (or rolled back) by then.
   */
  notify(): void {
    setImmediate(() => {
      this.wakeRequested = true;
      this.wake?.();
    });
  }

  /**
   * Staff asked for a mail to be retried: they likely fixed the line, so the outage pause ends and
   * a success then releases every mail the outage held back.
   */
  retryNow(): void {
    this.pausedUntil = 0;
    this.notify();
  }

  /** Lets the in-flight send finish (up to stopGraceMs), then leaves the rest pending. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopStorageWatch();
    this.wake?.();
    if (this.loopDone) {
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.tuning.stopGraceMs);
      });
      const result = await Promise.race([this.loopDone.then(() => 'done' as const), graceOver]);
      clearTimeout(timer);
      if (result === 'timeout') {
        this.abandoned = true;
        this.deps.log.warn('mail sender: abandoned an in-flight send at shutdown; it stays pending');
      }
    }
    this.transport.close();
  }

  private async loop(): Promise<void> {
    // The clock may have been stepped back while the server was down, too.
    this.clockWatch.check(this.deps.now());
    this.pullBackFromFuture();
    while (!this.stopping) {
      let waitMs: number;
      try {
        waitMs = await this.sendDue();
      } catch (err) {
        // A store error must not kill the worker; the next look may succeed. A full disk is
        // logged once, by StorageHealth, not at every look.
        if (!this.deps.storage.noteFailure(err)) this.deps.log.error({ err }, 'mail sender: pass failed');
        waitMs = this.tuning.pollMs;
      }
      if (this.stopping) break;
      await this.sleep(waitMs);
    }
  }

  /** One look at the outbox: sends every due mail; answers how long to sleep. */
  private async sendDue(): Promise<number> {
    const { repo, now } = this.deps;
    const { batchSize, pollMs } = this.tuning;
    const unreachablePauseMs = this.tuning.policy.unreachableRetryMs;
    if (this.clockWatch.check(now()) > 0) this.pullBackFromFuture();
    this.recordSent();
    if (this.deps.storage.full) return pollMs;
    for (;;) {
      const pausedFor = this.pausedUntil - now();
      if (pausedFor > 0) return Math.min(pausedFor, pollMs);
      const due = repo.due(now(), batchSize);
      for (const row of due) {
        if (this.stopping) return 0;
        const outcome = await this.deliver(row);
        if (outcome === 'abandoned') return 0;
        // Every other mail would meet the same dead line or the same wrong settings.
        if (outcome === 'unreachable' || outcome === 'setup') {
          this.pausedUntil = now() + unreachablePauseMs;
          return Math.min(unreachablePauseMs, pollMs);
        }
      }
      if (due.length < batchSize) break;
    }
    const next = repo.nextDueAt();
    return next === null ? pollMs : Math.max(0, Math.min(next - now(), pollMs));
  }

  /**
   * After the clock was stepped back, a retry scheduled from the wrong time would wait out the
   * whole step: no pending mail waits longer than its own backoff from now, and the outage pause
   * no longer than its interval (docs/api.md "Mail").
   */
  private pullBackFromFuture(): void {
    const { repo, now, log } = this.deps;
    const at = now();
    const { policy } = this.tuning;
    this.pausedUntil = Math.min(this.pausedUntil, at + policy.unreachableRetryMs);
    let moved = 0;
    for (const row of repo.waiting(at)) {
      const kind = heldBack(row.last_error) ? 'unreachable' : 'transient';
      const latest = at + (row.attempts === 0 ? 0 : retryWaitMs(policy, kind, row.attempts));
      if (row.next_attempt_at > latest && repo.dueEarlier(row.id, latest)) moved++;
    }
    if (moved > 0)
      log.warn({ mails: moved }, 'mail sender: clock stepped back; retries rescheduled from now');
  }

  private async deliver(row: MailRow): Promise<Outcome> {
    const { repo, now, log } = this.deps;
    let mail: OutgoingMail;
    try {
      mail = await this.deps.compose(row);
    } catch (err) {
      // Composing reads the store as it is: what fails (every ticket voided meanwhile) would fail
      // again, so the mail is given up at once, saying why; staff can retry it after a fix.
      if (this.abandoned) return 'abandoned';
      const text = err instanceof Error ? err.message : String(err);
      repo.markFailed(row.id, `Not sent: ${text}`, now());
      log.warn({ mail: row.id, kind: row.kind, err: text }, 'mail not composed');
      return 'permanent';
    }
    this.conversation.reset();
    try {
      await this.transport.sendMail(nodemailerMessage(row.id, mail, this.from()));
    } catch (err) {
      if (this.abandoned) return 'abandoned';
      const kind = classifyFailure(err, this.conversation.reachedServer);
      const text = err instanceof Error ? err.message : String(err);
      const error =
        kind === 'unreachable'
          ? unreachableError(err)
          : kind === 'setup'
            ? setupError(err)
            : wentSilent(err)
              ? 'the mail server went silent before confirming the message (it may have taken it); trying again later'
              : this.conversation.reachedServer && brokenOff(err)
                ? `the connection to the mail server broke before it confirmed the message (${text}); trying again later`
                : text;
      const decision = decideRetry(this.tuning.policy, kind, row.attempts + 1, now());
      if (decision.action === 'retry') repo.markRetry(row.id, error, decision.at);
      else repo.markFailed(row.id, error, now());
      log.warn(
        { mail: row.id, kind, attempts: row.attempts + 1, action: decision.action, err: text },
        'mail not sent',
      );
      return kind;
    }
    if (this.abandoned) return 'abandoned';
    try {
      repo.markSent(row.id, now());
    } catch (err) {
      // Sent but not marked: remembered, so the next look records it instead of sending again.
      this.sentUnrecorded.set(row.id, now());
      throw err;
    }
    // The server is reachable (and the settings right) again: mails held back need not sit out their backoff.
    for (const prefix of heldBackPrefixes) repo.pullForward(prefix, now());
    log.info({ mail: row.id }, 'mail sent');
    return 'sent';
  }

  /** Marks what was sent while the store could not take the mark; throws while it still cannot. */
  private recordSent(): void {
    for (const [id, at] of this.sentUnrecorded) {
      this.deps.repo.markSent(id, at);
      this.sentUnrecorded.delete(id);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested || this.stopping) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        this.wakeRequested = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // The HTTP server keeps a venue server alive; the sender alone must not.
      timer.unref();
      this.wake = done;
    });
  }
}
