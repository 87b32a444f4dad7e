/**
 * The venue-day simulation at CI size (sim/config.ts `ciDay`: 200 tickets, 2 doors, a shorter
 * LAN cut and receiver outage, 10 s of doors): the real headless server as a child process,
 * scanner-SDK doors, a verifying webhook receiver, ticket holders with live phones, offline
 * phones showing their wallet strip and paper passes, all on 127.0.0.1, the server on the
 * evening's clock (libfaketime). Asserts the promises the full `npm run simulate` checks, and
 * that the evening really put them to the test.
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
    // First, so that a failure names every broken invariant with its evidence.
    expect(failed).toEqual([]);

    // The scenario bit: the offline door let in a ticket voided or transferred while it was cut
    // off (its LAN comes back only once they are judged, however slow the machine), the receiver
    // missed messages, a tier sold out, and both doors saw the same ticket at once.
    expect(record.syncs.some((s) => s.door === ciDay.offlineDoor && s.uploaded > 0)).toBe(true);
    expect(rec.admissions.revokedAdmitted).toBeGreaterThan(0);
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

    // Attendees as they come (sim/carry.ts): live phones, phones without data showing the strip
    // fetched hours before, paper from the box office and from the mailed PDF — each of them
    // admitted, and no valid credential refused. Stale screenshots are refused, as they must be.
    const c = rec.credentials;
    for (const carry of ['phone_live', 'phone_strip', 'paper_print', 'paper_mail'] as const) {
      expect([carry, c.byShownAs[carry]?.admitted ?? 0]).not.toEqual([carry, 0]);
    }
    expect(c.validShown).toBeGreaterThan(record.config.attendees / 2);
    expect(c.turnedAway).toEqual([]);
    expect(c.invalidAdmitted).toEqual([]);
    expect(c.credentialMisread).toEqual([]);
    const strips = record.strips.filter((s) => s.why !== 'transfer');
    expect(strips.filter((s) => s.why === 'purchase').length).toBeGreaterThan(0);
    expect(strips.filter((s) => s.why === 'afternoon').length).toBeGreaterThan(0);
    for (const s of strips) {
      expect(s.hoursBefore).toBeGreaterThanOrEqual(ciDay.afternoonHours[1]);
      // The server (libfaketime) signs on the evening's clock, which runs hours ahead of the machine's.
      expect(s.serverShiftMs).toBeGreaterThan(9 * 3_600_000);
      expect(s.serverAheadMs).toBeGreaterThanOrEqual(-1_000);
      expect(s.serverAheadMs).toBeLessThan(10_000);
    }
    expect(c.stale.shown).toBeGreaterThan(0);
    expect(c.stale.refusedExpired).toBe(c.stale.shown);
    // Each then shows the real thing and gets in — unless a copy of their code got in first.
    expect(c.stale.thenAdmitted).toBeGreaterThan(0);
    expect(c.stale.thenAdmitted + c.stale.copyFirst).toBe(c.stale.shown);
    // Photocopies at two doors: each pair ends as one admission, or two with the conflict reported.
    expect(c.photocopies.pairs).toBe(ciDay.pairs);
    expect(c.photocopies.otherwise).toEqual([]);
    expect(c.photocopies.oneAndAlreadyScanned + c.photocopies.bothAdmittedReported).toBe(ciDay.pairs);
    // Admissions by credential: the doors (less what sync refused), the store and the receiver agree.
    const server = record.store.scans.admittedByCredential;
    expect(server.rotating ?? 0).toBeGreaterThan(0);
    expect(server.paper ?? 0).toBeGreaterThan(0);
    expect(c.validAdmissionsByCredential).toEqual(server);

    // The box office: two paired tills, a seller signed in at each with a shift and a float, the
    // manager at the first for voids and refunds (a seller refused first). Every Z report equals
    // its till's book, the Z reports and the web shop make the event report, to the cent, and the
    // only over/short is the 5.00 the last till was counted short.
    const cash = rec.cashUp;
    expect(cash.tills).toHaveLength(ciDay.tills);
    expect(cash.tillRows.filter((r) => r.z !== r.sim)).toEqual([]);
    expect(cash.eventRows.filter((r) => r.event !== r.sim || (r.z !== null && r.z !== r.sim))).toEqual([]);
    expect(cash.tills.map((t) => t.overShortCents)).toEqual([0, -ciDay.drawerShortCents]);
    expect(cash.tills.map((t) => t.countedCents! - t.expectedCents)).toEqual([0, -ciDay.drawerShortCents]);
    expect(record.ledger.roleRefusals).toBeGreaterThan(0);
    expect(record.ledger.roleRefusals).toBe(record.ledger.sellerVoidAttempts);
    // …and the evening really put them to the test: cash, card and comps sold, cash and card refunded.
    const books = record.ledger.tills;
    const total = (pick: (book: (typeof books)[number]) => number) => books.reduce((n, b) => n + pick(b), 0);
    expect(total((b) => b.sales.cash.cents)).toBeGreaterThan(0);
    expect(total((b) => b.sales.card.cents)).toBeGreaterThan(0);
    expect(total((b) => b.sales.comp.tickets)).toBeGreaterThan(0);
    expect(total((b) => b.refunds.cash.count)).toBeGreaterThan(0);
    expect(total((b) => b.refunds.card.count)).toBeGreaterThan(0);
    expect(cash.eventRows.find((r) => r.what === 'api channel (web shop): gross')?.event).toBeGreaterThan(0);

    for (const row of rec.totals)
      expect([row.what, row.store, row.receiver]).toEqual([row.what, row.sim, row.sim]);
  }, 120_000);
});
