import type { RunningServer } from './start.js';

/**
 * From the signal to the forced exit. The graceful path fits inside it: the drain grace (4 s,
 * http/drain.ts), then the workers' own stop graces (webhook deliveries 1 s, an SMTP send 3 s)
 * and the store's close.
 */
export const shutdownDeadlineMs = 9_000;

export const exitCodes = {
  /** Everything closed: requests answered or cut, workers stopped, the store checkpointed. */
  clean: 0,
  /** The shutdown failed, or did not finish by the deadline and was cut short. */
  forced: 1,
} as const;

export interface ShutdownOptions {
  deadlineMs?: number;
  exit?: (code: number) => void;
  /** One line for the operator; it must never block (stderr may be a stalled pipe). */
  report?: (line: string) => void;
}

/**
 * Closes the server gracefully and exits 0. Whatever state it is in (a client that sent half a
 * body, a stalled stdout, a stuck worker), the process is gone within `deadlineMs`: past it, it
 * exits 1 without waiting any longer. The store is safe either way (SQLite's WAL keeps every
 * committed change; the next start replays it).
 */
export function shutDown(
  running: RunningServer,
  signal: NodeJS.Signals,
  {
    deadlineMs = shutdownDeadlineMs,
    exit = (code) => process.exit(code),
    report = (line) => void process.stderr.write(`${line}\n`),
  }: ShutdownOptions = {},
): void {
  running.app.log.info({ signal }, 'shutting down');
  // Kept referenced: a close that stalls with nothing else pending must still end here (exit 1),
  // not in a silent exit 0 when the event loop runs dry.
  const deadline = setTimeout(() => {
    report(`marquee: shutdown did not finish within ${deadlineMs / 1000} s; exiting without waiting longer`);
    exit(exitCodes.forced);
  }, deadlineMs);
  running.close().then(
    () => {
      clearTimeout(deadline);
      exit(exitCodes.clean);
    },
    (err: unknown) => {
      clearTimeout(deadline);
      report(`marquee: shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
      exit(exitCodes.forced);
    },
  );
}

/**
 * SIGTERM, SIGINT and SIGHUP (the terminal it ran in was closed) shut the server down once; a
 * repeated signal changes nothing.
 */
export function stopOnSignals(running: RunningServer, options: ShutdownOptions = {}): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    shutDown(running, signal, options);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => stop('SIGHUP'));
}
