import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StockRepo } from '../../src/server/store/stock-repo.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp;
let other: Database.Database;

beforeEach(async () => {
  t = await makeTestApp();
  // A second connection to the same file, as a second process would have.
  other = new Database(join(t.dataDir, 'marquee.db'));
  other.pragma('busy_timeout = 5000');
});
afterEach(async () => {
  other.close();
  await t.close();
});

const sold = (tierId: string) =>
  (other.prepare('SELECT sold FROM tiers WHERE id = ?').get(tierId) as { sold: number }).sold;

describe('StockRepo.take', () => {
  it('two sellers who both saw a seat left cannot both take it', async () => {
    const { tierId } = await publishedEvent(t, { quantity: 3 });
    const mine = new StockRepo(t.app.ctx.db);
    const theirs = new StockRepo(other);
    expect(mine.take(tierId, 2, 1)).toBe(true);
    // Both now "see" 1 left; the conditional UPDATE lets exactly one of them have it.
    expect(sold(tierId)).toBe(2);
    expect(theirs.take(tierId, 1, 2)).toBe(true);
    expect(mine.take(tierId, 1, 3)).toBe(false);
    expect(theirs.take(tierId, 1, 3)).toBe(false);
    expect(sold(tierId)).toBe(3);
  });

  it('asks for more than is left: nothing is taken', async () => {
    const { tierId } = await publishedEvent(t, { quantity: 5 });
    const stock = new StockRepo(t.app.ctx.db);
    expect(stock.take(tierId, 6, 1)).toBe(false);
    expect(sold(tierId)).toBe(0);
    expect(stock.take(tierId, 5, 1)).toBe(true);
    expect(sold(tierId)).toBe(5);
  });

  it('the table CHECK refuses sold > quantity even from a careless write', async () => {
    const { tierId } = await publishedEvent(t, { quantity: 5 });
    expect(() => other.prepare('UPDATE tiers SET sold = 6 WHERE id = ?').run(tierId)).toThrow(
      /CHECK constraint/,
    );
    expect(sold(tierId)).toBe(0);
  });
});
