import { wallDateTime } from '../../shared/zone-clock.js';
import { invalidField } from '../errors.js';
import type { SalesReportView } from '../schemas/reports.js';
import type { EventsRepo } from '../store/events-repo.js';
import { slotMs, type PeriodSalesRepo } from '../store/period-sales-repo.js';
import { toIso } from '../time.js';
import { checkedTimeZone } from './time-zones.js';

export interface PeriodSalesDeps {
  periodSales: PeriodSalesRepo;
  events: EventsRepo;
  now: () => number;
  /** The venue's clock (Settings): the months a report asked without a `timezone` follow. */
  venueTimeZone: () => string;
}

interface Sums {
  orders: number;
  gross_cents: number;
  refunds: number;
  refunds_cents: number;
  net_cents: number;
}

const empty = (): Sums => ({ orders: 0, gross_cents: 0, refunds: 0, refunds_cents: 0, net_cents: 0 });

/** `YYYY-MM` of a moment on the zone's calendar; a quarter hour with sales for many events is read once. */
function monthIn(zone: string): (ms: number) => string {
  const known = new Map<number, string>();
  return (ms) => {
    let month = known.get(ms);
    if (month === undefined) {
      month = wallDateTime(ms, zone).slice(0, 'YYYY-MM'.length);
      known.set(ms, month);
    }
    return month;
  };
}

function sumInto<K>(map: Map<K, Sums>, key: K, add: Partial<Sums>): void {
  const sums = map.get(key) ?? empty();
  sums.orders += add.orders ?? 0;
  sums.gross_cents += add.gross_cents ?? 0;
  sums.refunds += add.refunds ?? 0;
  sums.refunds_cents += add.refunds_cents ?? 0;
  sums.net_cents = sums.gross_cents - sums.refunds_cents;
  map.set(key, sums);
}

/**
 * GET /v2/reports/sales: a manager's takings between two moments, per event, per month and in
 * total, each per currency (amounts in different currencies are never added). Money is counted
 * when it moved: an order in the period it was placed, a refund in the period it was made, so a
 * month's net is what the till and card terminal took that month, as an accountant reads it.
 */
export class PeriodSalesService {
  constructor(private readonly deps: PeriodSalesDeps) {}

  async report(from: number, to: number, timezone: string | undefined): Promise<SalesReportView> {
    if (!(to > from)) throw invalidField('to', '`to` must be later than `from`.');
    const zone = timezone === undefined ? this.deps.venueTimeZone() : checkedTimeZone(timezone, 'timezone');
    const { periodSales, events, now } = this.deps;
    const month = monthIn(zone);
    const byEvent = new Map<string, Sums>();
    const byMonth = new Map<string, Sums>();
    const byCurrency = new Map<string, Sums>();
    const currencyOf = new Map<string, string>();
    const add = (eventId: string, currency: string, slot: number, sums: Partial<Sums>) => {
      currencyOf.set(eventId, currency);
      sumInto(byEvent, eventId, sums);
      sumInto(byMonth, `${month(slot * slotMs)} ${currency}`, sums);
      sumInto(byCurrency, currency, sums);
    };
    // Both as of this moment: the refunds now, and the orders there are now (read in slices, the
    // orders placed meanwhile come after them). Sums add up, so a quarter hour that comes in two
    // rows counts whole.
    const refunds = periodSales.refunds(from, to);
    for (const row of await periodSales.orders(from, to)) {
      add(row.event_id, row.currency, row.slot, { orders: row.orders, gross_cents: row.gross_cents });
    }
    for (const row of refunds) {
      add(row.event_id, row.currency, row.slot, { refunds: row.refunds, refunds_cents: row.refunds_cents });
    }
    const eventRows = [...byEvent].map(([eventId, sums]) => {
      const event = events.find(eventId);
      return {
        event_id: eventId,
        title: event?.title ?? eventId,
        doors_at: toIso(event?.doors_at ?? 0),
        status: event?.status ?? 'published',
        currency: currencyOf.get(eventId)!,
        ...sums,
      };
    });
    eventRows.sort((a, b) => a.doors_at.localeCompare(b.doors_at) || a.event_id.localeCompare(b.event_id));
    return {
      object: 'sales_report',
      from: toIso(from),
      to: toIso(to),
      timezone: zone,
      generated_at: toIso(now()),
      totals: [...byCurrency]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, sums]) => ({ currency, ...sums })),
      months: [...byMonth]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, sums]) => {
          const [monthKey, currency] = key.split(' ') as [string, string];
          return { month: monthKey, currency, ...sums };
        }),
      events: eventRows,
    };
  }
}
