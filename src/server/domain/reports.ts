import { notFound } from '../errors.js';
import type { EventReportView } from '../schemas/reports.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { OrderGroupRow, OrderRefundShareRow, ReportsRepo } from '../store/reports-repo.js';
import type { TiersRepo } from '../store/tiers-repo.js';
import { toIso } from '../time.js';

export interface ReportsDeps {
  reports: ReportsRepo;
  events: EventsRepo;
  tiers: TiersRepo;
  now: () => number;
}

/**
 * Shares `amount` over parts in proportion to their weights, in whole cents that add up to it
 * exactly: each part gets its floor, and the cents left go to the largest remainders (ties to the
 * earlier part). A refund of a whole order is shared over its tiers this way.
 */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Refunds by tier: a void's to its ticket's tier, a whole order's shared over the order's tiers. */
function refundsByTier(
  ticketRefunds: { tier_id: string; amount_cents: number }[],
  shares: OrderRefundShareRow[],
) {
  const byTier = new Map<string, number>();
  const add = (tier: string, cents: number) => byTier.set(tier, (byTier.get(tier) ?? 0) + cents);
  for (const refund of ticketRefunds) add(refund.tier_id, refund.amount_cents);
  const byRefund = new Map<string, OrderRefundShareRow[]>();
  for (const row of shares) byRefund.set(row.refund_id, [...(byRefund.get(row.refund_id) ?? []), row]);
  for (const group of byRefund.values()) {
    const split = shareByWeight(
      group[0]!.amount_cents,
      group.map((row) => row.tier_gross_cents),
    );
    group.forEach((row, index) => add(row.tier_id, split[index]!));
  }
  return byTier;
}

const withNet = <K extends string, N extends string>(name: N, row: OrderGroupRow<K>) =>
  ({
    [name]: row.key,
    orders: row.orders,
    gross_cents: row.gross_cents,
    refunds_cents: row.refunded_cents,
    net_cents: row.gross_cents - row.refunded_cents,
  }) as { [P in N]: K } & { orders: number; gross_cents: number; refunds_cents: number; net_cents: number };

/** GET /v2/reports/events/{id}: tonight at a glance (CONTRACT.md "Reports"). */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  eventReport(eventId: string, intervalMinutes = 15): EventReportView {
    const { reports, events, tiers, now } = this.deps;
    const event = events.find(eventId);
    if (!event) throw notFound('event', eventId);
    const issued = reports.tierTicketsFor(eventId);
    const refunds = refundsByTier(reports.ticketRefundsFor(eventId), reports.orderRefundSharesFor(eventId));
    const tierRows = tiers.forEvent(eventId).map((tier) => {
      const of = issued.filter((row) => row.tier_id === tier.id);
      const paid = of.find((row) => row.comp === 0);
      const comp = of.find((row) => row.comp === 1);
      const gross = paid?.gross_cents ?? 0;
      const refunded = refunds.get(tier.id) ?? 0;
      return {
        tier_id: tier.id,
        name: tier.name,
        price_cents: tier.price_cents,
        sold: paid?.issued ?? 0,
        comps: comp?.issued ?? 0,
        voided: (paid?.voided ?? 0) + (comp?.voided ?? 0),
        gross_cents: gross,
        refunds_cents: refunded,
        net_cents: gross - refunded,
      };
    });
    const methods = reports.byPaymentMethod(eventId);
    const sum = (pick: (row: OrderGroupRow<string>) => number) =>
      methods.reduce((total, row) => total + pick(row), 0);
    const gross = sum((row) => row.gross_cents);
    const refunded = sum((row) => row.refunded_cents);
    const admissions = reports.admissionsFor(eventId);
    return {
      object: 'event_report',
      event_id: eventId,
      currency: event.currency,
      generated_at: toIso(now()),
      totals: {
        orders: sum((row) => row.orders),
        sold: tierRows.reduce((total, tier) => total + tier.sold, 0),
        comps: tierRows.reduce((total, tier) => total + tier.comps, 0),
        voided: tierRows.reduce((total, tier) => total + tier.voided, 0),
        refunds: reports.refundsFor(eventId),
        gross_cents: gross,
        refunds_cents: refunded,
        net_cents: gross - refunded,
      },
      tiers: tierRows,
      payment_methods: methods.map((row) => withNet('payment_method', row)),
      channels: reports.bySalesChannel(eventId).map((row) => withNet('channel', row)),
      admissions: {
        admitted: admissions.admitted,
        inside_now: admissions.inside,
        not_yet_arrived: admissions.not_arrived,
      },
      sales_over_time: this.salesOverTime(eventId, intervalMinutes),
    };
  }

  private salesOverTime(eventId: string, intervalMinutes: number): EventReportView['sales_over_time'] {
    const width = intervalMinutes * 60_000;
    const { sales, tickets } = this.deps.reports.salesOverTime(eventId, width);
    const ticketsIn = new Map(tickets.map((row) => [row.bucket, row.tickets]));
    return {
      interval_minutes: intervalMinutes,
      buckets: sales.map((row) => ({
        start: toIso(row.bucket * width),
        orders: row.orders,
        tickets: ticketsIn.get(row.bucket) ?? 0,
        gross_cents: row.gross_cents,
      })),
    };
  }
}
