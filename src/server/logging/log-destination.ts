import { hostname } from 'node:os';
import { scrubSecrets } from './mask-secrets.js';

/** What pino writes finished lines to (its `stream` option): one call per line. */
export interface LogSink {
  write(line: string): void;
}

/** The slice of a Node writable (process.stdout: a pipe, a file or a terminal) this needs. */
export interface LineOutput {
  write(chunk: string): boolean;
  readonly writableLength: number;
  readonly writable: boolean;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'drain', listener: () => void): unknown;
}

/** Lines queued in memory for a slow reader before new ones are dropped. */
export const defaultMaxQueuedBytes = 1024 * 1024;

/**
 * A log destination that never blocks the event loop and never grows without bound. Lines go
 * to a Node stream (for a pipe, an asynchronous write); while its reader is not keeping up and
 * more than `maxQueuedBytes` wait, new lines are dropped and counted, and once it can write again
 * a `N log lines dropped` warning says how many. A reader that went away (EPIPE) ends the
 * logging, never the process. Every line is scrubbed of anything shaped like a secret.
 *
 * pino's own destination (sonic-boom) retries EAGAIN and EPIPE synchronously every 100 ms when
 * it flushes at exit, so a stalled or closed stdout used to hold SIGTERM for ever.
 */
export class BoundedLogDestination implements LogSink {
  private dropped = 0;
  private droppedInAll = 0;
  private peakQueued = 0;
  private closed = false;

  constructor(
    private readonly out: LineOutput,
    private readonly maxQueuedBytes = defaultMaxQueuedBytes,
  ) {
    out.on('error', () => {
      this.closed = true;
    });
    out.on('drain', () => this.reportDrops());
  }

  /** Lines dropped since the last report (while the reader is gone, every line since). */
  get droppedLines(): number {
    return this.dropped;
  }

  /**
   * What the bound did over the destination's life: the most bytes that ever waited in memory
   * (at most the cap plus the one line that crossed it) and every line dropped. The headless
   * server prints it on stderr at shutdown when lines were lost (cli.ts).
   */
  get usage(): { peakQueuedBytes: number; maxQueuedBytes: number; droppedInAll: number } {
    return {
      peakQueuedBytes: this.peakQueued,
      maxQueuedBytes: this.maxQueuedBytes,
      droppedInAll: this.droppedInAll,
    };
  }

  write(line: string): void {
    if (this.closed || !this.out.writable || this.out.writableLength > this.maxQueuedBytes) {
      this.drop();
      return;
    }
    this.reportDrops();
    this.put(scrubSecrets(line));
  }

  private reportDrops(): void {
    if (this.dropped === 0 || this.closed) return;
    const count = this.dropped;
    this.dropped = 0;
    this.put(
      `${JSON.stringify({
        level: 40,
        time: Date.now(),
        pid: process.pid,
        hostname: hostname(),
        dropped: count,
        msg: `${count} log lines dropped: the log output was not being read`,
      })}\n`,
    );
  }

  private put(text: string): void {
    try {
      this.out.write(text);
      this.peakQueued = Math.max(this.peakQueued, this.out.writableLength);
    } catch {
      // A file on a full disk throws from a synchronous write: that line is lost, not the server.
      this.drop();
    }
  }

  private drop(): void {
    this.dropped += 1;
    this.droppedInAll += 1;
  }
}

let guarded = false;

/**
 * Without an 'error' listener, a write to stdout after its reader has gone (`npm run server |
 * head -c 100`) raises EPIPE as an uncaught exception and kills the server. Called once per process
 * before anything is printed; later writes to a closed stream are then simply lost.
 */
export function tolerateClosedStdio(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}

let stdoutDestination: BoundedLogDestination | undefined;

/**
 * For stderr at shutdown, when stdout lost lines: a count the last `N log lines dropped` warning
 * may never have reached (the reader may still be stalled), and how full the queue got. Null when
 * nothing was lost.
 */
export function stdoutLogLoss(): string | null {
  const usage = stdoutDestination?.usage;
  if (!usage || usage.droppedInAll === 0) return null;
  return (
    `marquee: stdout was not read: ${usage.droppedInAll} log lines dropped in all; ` +
    `the log queue peaked at ${usage.peakQueuedBytes} bytes (cap ${usage.maxQueuedBytes})`
  );
}

/** The process's one destination on stdout, shared by every app built in it. */
export function stdoutLogDestination(): BoundedLogDestination {
  tolerateClosedStdio();
  stdoutDestination ??= new BoundedLogDestination(process.stdout);
  return stdoutDestination;
}
