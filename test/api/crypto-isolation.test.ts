import { execFileSync } from 'node:child_process';
import { closeSync, constants, open, openSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buy } from '../support/sales-fixtures.js';
import { doorSale, scan } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

/**
 * libuv's thread pool also runs file reads and getaddrinfo (at most half the pool for lookups; at
 * a venue whose uplink is down each can sit there for seconds). Ticket signatures must not queue
 * behind any of it. Here every pool thread is held in a blocking open() of a FIFO with no writer
 * yet, and a checkout (signs its token) and a door scan (verifies one) must still answer.
 */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

/** Occupies every pool thread until the returned release() opens each FIFO's other end. */
function holdThreadPool(dir: string): { release(): Promise<void> } {
  const fifos = Array.from({ length: poolSize }, (_, i) => join(dir, `hold-${i}.fifo`));
  const opened = fifos.map((fifo) => {
    execFileSync('mkfifo', [fifo]);
    return new Promise<number>((resolve, reject) =>
      open(fifo, 'r', (err, fd) => (err ? reject(err) : resolve(fd))),
    );
  });
  return {
    async release() {
      const writers: number[] = [];
      // A writer's non-blocking open succeeds only once that FIFO's reader is waiting in open().
      for (const fifo of fifos) {
        for (;;) {
          try {
            writers.push(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
            break;
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
      }
      for (const fd of await Promise.all(opened)) closeSync(fd);
      for (const fd of writers) closeSync(fd);
    },
  };
}

const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('ticket signatures do not wait on a busy libuv thread pool', () => {
  it('checkout and scan answer while every pool thread is blocked', async () => {
    const sale = await doorSale(t);
    const hold = holdThreadPool(t.dataDir);
    try {
      // The hold is real: a file stat (a pool job) cannot finish while it lasts.
      expect(await settlesWithin(stat(t.dataDir), 300)).toBe(false);

      const order = await buy(t, sale);
      const ticket = order.tickets[0]!;
      expect(ticket.qr_token.split('.')).toHaveLength(3);
      const answer = await scan(t, { token: ticket.qr_token, event_id: sale.eventId });
      expect(answer.result).toBe('admitted');
    } finally {
      await hold.release();
    }
  });
});
