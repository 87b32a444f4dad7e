/**
 * The evening's clock. The server process runs under libfaketime, which reads its offset from
 * `file` on every clock call (FAKETIME_NO_CACHE); everything in this process that tells time on
 * the evening's behalf — door devices, phones, the webhook receiver — reads `now()`, the same
 * offset on the same wall clock. So the server, the doors and the phones always agree on the
 * time, to the write of one small file.
 *
 * The clock only moves forward. Between steps it runs at real speed; `run(rate)` steps it every
 * few ms so that, on average, it runs `rate` times faster: the doors window of a few wall seconds
 * covers hours of the evening. A step is invisible to a verdict: a door sends `scanned_at` with
 * each scan and every validator judges a code's window at that moment (docs/api.md "Scanning"),
 * the same moment the phone picked the code it shows.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { findLibfaketime } from './libfaketime.js';

interface Step {
  /** Epoch ms (real) from which `offset` applies. */
  wall: number;
  offset: number;
}

export class SimClock {
  private offset: number;
  private readonly steps: Step[] = [];
  private ticker: NodeJS.Timeout | null = null;

  /** Starts the clock at `startMs` (evening time, epoch ms); the server must start after this. */
  constructor(
    readonly file: string,
    startMs: number,
  ) {
    const wall = Date.now();
    this.offset = startMs - wall;
    this.steps.push({ wall, offset: this.offset });
    this.write();
  }

  /** Evening time, epoch ms. */
  now(): number {
    return Date.now() + this.offset;
  }

  /** Moves the clock forward to `atMs`; a time already passed changes nothing. */
  advanceTo(atMs: number): void {
    const wall = Date.now();
    const offset = atMs - wall;
    if (offset <= this.offset) return;
    this.offset = offset;
    this.write();
    this.steps.push({ wall, offset });
  }

  /** Runs the clock `rate` times faster than real time from now on, one step every `tickMs`. */
  run(rate: number, tickMs = 20): void {
    this.stop();
    const from = this.now();
    const started = performance.now();
    this.ticker = setInterval(() => this.advanceTo(from + (performance.now() - started) * rate), tickMs);
  }

  /** Back to real speed (the clock keeps its offset). */
  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /**
   * The real epoch ms at which the clock read `atMs` (a server timestamp, say): the clock only
   * ever moved forward, so each evening time was read at one wall time at most. A time skipped
   * by a step maps to the step.
   */
  toWall(atMs: number): number {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const step = this.steps[i]!;
      if (atMs >= step.wall + step.offset) {
        const next = this.steps[i + 1];
        return next ? Math.min(atMs - step.offset, next.wall) : atMs - step.offset;
      }
    }
    return atMs - this.steps[0]!.offset;
  }

  /** The environment that puts a child process on this clock (wall-clock reads only). */
  processEnv(): Record<string, string> {
    return {
      LD_PRELOAD: findLibfaketime(),
      FAKETIME_TIMESTAMP_FILE: this.file,
      FAKETIME_NO_CACHE: '1',
      // Timers and elapsed-time measures run on the monotonic clock, which stays real.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    };
  }

  /** libfaketime's relative form, `+seconds` with ms; written whole (rename) so no read sees half. */
  private write(): void {
    const seconds = (this.offset / 1000).toFixed(3);
    writeFileSync(`${this.file}.next`, `${this.offset >= 0 ? '+' : ''}${seconds}\n`);
    renameSync(`${this.file}.next`, this.file);
  }
}
