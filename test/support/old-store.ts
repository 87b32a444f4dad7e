import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { openStore, type Db, type OpenStoreOptions } from '../../src/server/store/db.js';
import { openTestApp, tempDataDir, type TestApp } from './test-app.js';

/** The event an old store's rows hang from in the upgrade tests. */
export const oldEvent = 'evt_old00000000000000000';

/** That event's row, as the builds before any of the upgrades under test wrote it. */
export const oldEventSql = `
  INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
    VALUES ('${oldEvent}', 'Old show', 'Hall', ${Date.parse('2026-12-24T19:00:00Z')}, 0, 'published', 'usd', 0, 0);`;

/** Its one tier (GA at 1.00, ten of them), `sold` of them sold. */
export const oldTier = 'tkt_old00000000000000000';
export const oldTierSql = (sold: number): string => `
  INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility,
    created_at, updated_at) VALUES ('${oldTier}', '${oldEvent}', 'GA', 100, 'usd', 10, ${sold}, 10, 'public', 0, 0);`;

export interface UpgradeTests {
  /**
   * A fresh data dir whose store an older build wrote (`options` says how far its migrations
   * went): write that build's rows into `db`, close it, then `upgrade()`.
   */
  oldStore(prefix: string, options: OpenStoreOptions): { file: string; db: Db };
  /** The real app a newer build starts on that data dir: its migrations run on the old store. */
  upgrade(): Promise<TestApp>;
  /**
   * An old store (migrations up to `upTo`) holding the old event with its tier unsold, upgraded,
   * and one walk-in ticket sold on it for cash (no email) by the upgraded app.
   */
  upgradedWithWalkIn(prefix: string, upTo: number): Promise<TestApp & { soldId: string }>;
}

/**
 * For a file of upgrade tests (call it at the top): after each test the upgraded app is closed
 * and the data dir removed, whether the test got that far or not.
 */
export function upgradeTests(): UpgradeTests {
  let dir: string | undefined;
  let upgraded: TestApp | undefined;
  afterEach(async () => {
    await upgraded?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    upgraded = undefined;
    dir = undefined;
  });
  const tests: UpgradeTests = {
    oldStore(prefix, options) {
      dir = tempDataDir(prefix);
      const file = join(dir, 'marquee.db');
      return { file, db: openStore(file, options) };
    },
    async upgrade() {
      if (!dir) throw new Error('upgrade() before oldStore(): there is no old store to upgrade');
      const t = await openTestApp(dir);
      // Closed once, by the test or after it, whichever comes first.
      let closing: Promise<void> | undefined;
      upgraded = { ...t, close: () => (closing ??= t.close()) };
      return upgraded;
    },
    async upgradedWithWalkIn(prefix, upTo) {
      const { db: old } = tests.oldStore(prefix, { upTo });
      old.exec(`${oldEventSql}${oldTierSql(0)}`);
      old.close();
      const app = await tests.upgrade();
      const sold = await app.call('POST', '/v2/orders', {
        event_id: oldEvent,
        items: [{ tier_id: oldTier, quantity: 1 }],
        payment_method: 'cash',
      });
      expect(sold.statusCode, sold.body).toBe(200);
      return { ...app, soldId: (sold.json() as { id: string }).id };
    },
  };
  return tests;
}
