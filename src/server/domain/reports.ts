import { notFound } from '../errors.js';
import type { EventReportView } from '../schemas/reports.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { OrderSumsRow, RefundShareRow, ReportsRepo, TicketSumsRow } from '../store/reports-repo.js';
import type { TiersRepo } from '../store/tiers-repo.js';
import { toIso } from '../time.js';
import { bucketFolder, slotMinutes } from './local-buckets.js';
import { moneyTimeZone } from './venue-clock.js';

export interface ReportsDeps {
  reports: ReportsRepo;
  events: EventsRepo;
  tiers: TiersRepo;
  now: () => number;
  /** For an event made before events had zones: its buckets are on the venue's clock. */
  venueTimeZone: () => string;
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
function refundsByTier(rows: readonly RefundShareRow[]): Map<string, number> {
  const byRefund = new Map<string, RefundShareRow[]>();
  for (const row of rows) byRefund.set(row.refund_id, [...(byRefund.get(row.refund_id) ?? []), row]);
  const byTier = new Map<string, number>();
  for (const group of byRefund.values()) {
    group.sort((a, b) => (a.tier_id < b.tier_id ? -1 : 1));
    const split = shareByWeight(
      group[0]!.amount_cents,
      group.map((row) => row.tier_gross_cents),
    );
    group.forEach((row, index) => byTier.set(row.tier_id, (byTier.get(row.tier_id) ?? 0) + split[index]!));
  }
  return byTier;
}

interface Money {
  orders: number;
  gross_cents: number;
  refunds_cents: number;
  net_cents: number;
}

/** Orders summed by one key (payment method, channel), keys in alphabetical order. */
function sumOrders<K extends string>(
  rows: readonly OrderSumsRow[],
  key: (row: OrderSumsRow) => K,
): [K, Money][] {
  const sums = new Map<K, Money>();
  for (const row of rows) {
    const sum = sums.get(key(row)) ?? { orders: 0, gross_cents: 0, refunds_cents: 0, net_cents: 0 };
    sum.orders += row.orders;
    sum.gross_cents += row.gross_cents;
    sum.refunds_cents += row.refunded_cents;
    sum.net_cents = sum.gross_cents - sum.refunds_cents;
    sums.set(key(row), sum);
  }
  return [...sums].sort(([a], [b]) => (a < b ? -1 : 1));
}

const total = <T>(rows: readonly T[], pick: (row: T) => number): number =>
  rows.reduce((sum, row) => sum + pick(row), 0);

/** GET /v2/reports/events/{id}: tonight at a glance (CONTRACT.md "Reports"). */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  eventReport(eventId: string, intervalMinutes = 15): EventReportView {
    const { reports, events, tiers, now } = this.deps;
    const event = events.find(eventId);
    if (!event) throw notFound('event', eventId);
    const slot = slotMinutes(intervalMinutes);
    const tickets = reports.ticketSumsFor(eventId, slot);
    const orders = reports.orderSumsFor(eventId, slot);
    const shares = reports.refundSharesFor(eventId);
    const refunds = refundsByTier(shares);
    const tierRows = tiers.forEvent(eventId).map((tier) => {
      const of = tickets.filter((row) => row.tier_id === tier.id);
      // A comp ticket is issued at price 0 (checkout.ts), so the tier's gross is its paid
      // tickets'; the tier counts its comps (first issued by a comp order) itself.
      const gross = total(of, (row) => row.gross_cents);
      const refunded = refunds.get(tier.id) ?? 0;
      return {
        tier_id: tier.id,
        name: tier.name,
        price_cents: tier.price_cents,
        sold: total(of, (row) => row.issued) - tier.comps,
        comps: tier.comps,
        voided: total(of, (row) => row.voided),
        gross_cents: gross,
        refunds_cents: refunded,
        net_cents: gross - refunded,
      };
    });
    const gross = total(orders, (row) => row.gross_cents);
    const refunded = total(orders, (row) => row.refunded_cents);
    return {
      object: 'event_report',
      event_id: eventId,
      currency: event.currency,
      generated_at: toIso(now()),
      totals: {
        orders: total(orders, (row) => row.orders),
        sold: total(tierRows, (tier) => tier.sold),
        comps: total(tierRows, (tier) => tier.comps),
        voided: total(tierRows, (tier) => tier.voided),
        refunds: new Set(shares.map((row) => row.refund_id)).size,
        gross_cents: gross,
        refunds_cents: refunded,
        net_cents: gross - refunded,
      },
      tiers: tierRows,
      payment_methods: sumOrders(orders, (row) => row.payment_method).map(([payment_method, sum]) => ({
        payment_method,
        ...sum,
      })),
      channels: sumOrders(orders, (row) => row.channel).map(([channel, sum]) => ({ channel, ...sum })),
      refunds_outside_shifts: reports.offShiftRefundsFor(eventId),
      sales_outside_shifts: reports.offShiftCashSalesFor(eventId),
      admissions: {
        admitted: total(tickets, (row) => row.admitted),
        inside_now: reports.insideNow(eventId),
        not_yet_arrived: total(tickets, (row) => row.not_arrived),
      },
      sales_over_time: {
        interval_minutes: intervalMinutes,
        buckets: buckets(
          orders,
          tickets,
          bucketFolder(intervalMinutes, moneyTimeZone(event, this.deps.venueTimeZone)),
        ),
      },
    };
  }
}

/**
 * Sales per bucket on the event's clock (`startOf` gives a slot's bucket start), oldest first;
 * buckets without a sale are left out.
 */
function buckets(
  orders: readonly OrderSumsRow[],
  tickets: readonly TicketSumsRow[],
  startOf: (slot: number) => number,
): EventReportView['sales_over_time']['buckets'] {
  const byBucket = new Map<number, { orders: number; tickets: number; gross_cents: number }>();
  for (const row of orders) {
    const start = startOf(row.bucket);
    const bucket = byBucket.get(start) ?? { orders: 0, tickets: 0, gross_cents: 0 };
    bucket.orders += row.orders;
    bucket.gross_cents += row.gross_cents;
    byBucket.set(start, bucket);
  }
  for (const row of tickets) {
    const bucket = byBucket.get(startOf(row.bucket));
    if (bucket) bucket.tickets += row.issued;
  }
  return [...byBucket].sort(([a], [b]) => a - b).map(([start, sums]) => ({ start: toIso(start), ...sums }));
}
