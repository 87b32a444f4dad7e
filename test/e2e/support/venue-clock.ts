import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findLibfaketime } from '../../support/faketime.js';
import { startVenueServer, type VenueServer } from './venue-server.js';

export interface ClockedVenueServer {
  server: VenueServer;
  /**
   * Moves the server's wall clock to `offsetMs` from real time (libfaketime reads the offset
   * from a file on every clock read) and, when the server is running, waits until its HTTP Date
   * shows it. A halted server comes back with the offset.
   */
  setOffset(offsetMs: number): Promise<void>;
}

/** The server's wall clock as its HTTP Date header gives it (whole seconds). */
async function serverNow(url: string): Promise<number> {
  const res = await fetch(`${url}/v2/health`);
  return Date.parse(res.headers.get('date') ?? '');
}

/**
 * The e2e venue server under libfaketime, so a test can move its clock hours ahead while it runs
 * (and keep it there across halt/resume: the offset lives in a file in its data dir). Monotonic
 * clocks are left alone, as in a real clock step, so timers keep their pace.
 */
export async function startClockedVenueServer(
  env: Readonly<Record<string, string>> = {},
): Promise<ClockedVenueServer> {
  const clockFile = join(process.env.TMPDIR ?? '/tmp', `marquee-e2e-clock-${process.pid}-${Date.now()}`);
  writeFileSync(clockFile, '+0\n');
  const server = await startVenueServer(30_000, {
    LD_PRELOAD: findLibfaketime(),
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: '1',
    DONT_FAKE_MONOTONIC: '1',
    ...env,
  });
  const stop = server.stop.bind(server);
  server.stop = async () => {
    await stop();
    rmSync(clockFile, { force: true });
  };
  return {
    server,
    async setOffset(offsetMs) {
      writeFileSync(clockFile, `${offsetMs >= 0 ? '+' : ''}${Math.round(offsetMs / 1000)}\n`);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = await serverNow(server.url).catch(() => null);
        if (now === null) return; // halted: it starts with the offset
        const skew = now - (Date.now() + offsetMs);
        if (Math.abs(skew) < 5_000) return;
        if (Date.now() > deadline) throw new Error(`the server's clock did not move (off by ${skew} ms)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
