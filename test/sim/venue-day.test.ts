/**
 * The venue-day simulation at CI size (sim/config.ts `ciDay`: 200 tickets, 2 doors, a shorter
 * LAN cut and receiver outage, 10 s of doors): the real headless server as a child process,
 * scanner-SDK doors, a verifying webhook receiver, all on 127.0.0.1. Asserts the promises the
 * full `npm run simulate` checks, and that the evening really put them to the test.
 */
import { describe, expect, it } from 'vitest';
import { ciDay } from '../../sim/config.js';
import { playEvening } from '../../sim/evening.js';
import { reconcile } from '../../sim/reconcile.js';

describe('venue day (CI size)', () => {
  it('plays an evening with an offline door and a receiver outage, and every invariant holds', async () => {
    const started = performance.now();
    const record = await playEvening(ciDay);
    const wallMs = performance.now() - started;
    const rec = reconcile(record, wallMs);
    const failed = rec.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);

    // The scenario bit: the offline door let someone in it should not have, the receiver
    // missed messages, a tier sold out, and both doors saw the same ticket at once.
    expect(record.syncs.some((s) => s.door === ciDay.offlineDoor && s.uploaded > 0)).toBe(true);
    expect(rec.admissions.doubleTickets + rec.admissions.revokedAdmitted).toBeGreaterThan(0);
    expect(rec.webhooks.backlog).toBeGreaterThan(0);
    expect(record.ledger.soldOutRefusals).toBeGreaterThan(0);
    expect(rec.pairs.bothOnline).toBeGreaterThan(0);

    // No unreported double admission: every wrong admission is in a door's conflict log.
    expect(rec.admissions.unreported).toEqual([]);
    expect(rec.admissions.wrongOnline).toBe(0);
    expect(rec.admissions.deviceReports).toBeGreaterThanOrEqual(rec.admissions.wrong);
    expect(record.store.admissions).toBe(rec.admissions.physical - rec.admissions.wrong);
    expect(rec.pairs.bothOnlineExactlyOne).toBe(rec.pairs.bothOnline);

    // No lost webhook: the ledger, the outbox and the receiver agree kind by kind, all signed.
    expect(rec.webhooks.received).toEqual(rec.webhooks.expected);
    expect(rec.webhooks.stored).toEqual(rec.webhooks.expected);
    expect(rec.webhooks.invalidSignatures).toBe(0);
    expect(record.store.deliveries).toEqual({ delivered: rec.webhooks.storedTotal });

    // No oversell: every tier within its stock, and what was sold is what was minted.
    for (const tier of record.store.tiers) expect(tier.sold).toBeLessThanOrEqual(tier.quantity);
    expect(record.store.ticketsSold).toBe(record.ledger.ticketsSold);
    expect(record.store.tiers.find((t) => t.name === 'Door sales')?.sold).toBe(ciDay.walkInStock);

    // No secret in the server's log: every key, pairing token and webhook secret the evening was
    // issued, and anything shaped like a wallet link, stream token or ticket code.
    expect(record.serverLog.found).toEqual([]);
    expect(record.serverLog.secretsLookedFor).toBeGreaterThanOrEqual(5 + 2 * ciDay.doors);
    expect(record.serverLog.lines).toBeGreaterThan(100);

    for (const row of rec.totals)
      expect([row.what, row.store, row.receiver]).toEqual([row.what, row.sim, row.sim]);
    expect(failed).toEqual([]);
    expect(wallMs).toBeLessThan(ciDay.wallLimitSeconds * 1000);
  }, 60_000);
});
