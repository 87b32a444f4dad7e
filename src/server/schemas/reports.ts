import { Type, type Static } from 'typebox';
import { Timestamp, TimestampInput } from './common.js';
import { paymentMethods, salesChannels } from './orders.js';

export const ReportQuery = Type.Object(
  {
    interval_minutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1440,
        default: 15,
        description: 'Width of each sales_over_time bucket, in minutes',
      }),
    ),
  },
  { additionalProperties: false },
);

const money = {
  gross_cents: Type.Integer({ description: 'Sold, before refunds' }),
  refunds_cents: Type.Integer(),
  net_cents: Type.Integer({ description: 'gross_cents − refunds_cents' }),
};

const OrderGroup = <K extends readonly string[]>(name: string, keys: K) =>
  Type.Object({
    [name]: Type.Enum([...keys]),
    orders: Type.Integer(),
    ...money,
  });

export const EventReport = Type.Object(
  {
    object: Type.Literal('event_report'),
    event_id: Type.String(),
    currency: Type.String(),
    generated_at: Timestamp,
    totals: Type.Object({
      orders: Type.Integer(),
      sold: Type.Integer({ description: 'Tickets sold for money (a transfer is not a second sale)' }),
      comps: Type.Integer({ description: 'Tickets given away (payment_method comp)' }),
      voided: Type.Integer({ description: 'Tickets voided, sold or comp' }),
      refunds: Type.Integer({ description: 'Number of refunds (a void with refund is one)' }),
      ...money,
    }),
    tiers: Type.Array(
      Type.Object({
        tier_id: Type.String(),
        name: Type.String(),
        price_cents: Type.Integer(),
        sold: Type.Integer(),
        comps: Type.Integer(),
        voided: Type.Integer(),
        ...money,
      }),
      {
        description:
          "Every tier of the event. A void's refund counts in its ticket's tier; a refund of a whole order is shared over its tiers in proportion to what each sold (largest remainder, so the tiers add up to the cent)",
      },
    ),
    payment_methods: Type.Array(OrderGroup('payment_method', paymentMethods), {
      description: 'Only the methods the event has orders in',
    }),
    channels: Type.Array(OrderGroup('channel', salesChannels), {
      description: 'till, kiosk or api (docs/api.md "Sales channels"); only channels with orders',
    }),
    refunds_outside_shifts: Type.Object(
      {
        refunds: Type.Integer(),
        refunds_cents: Type.Integer(),
        cash_refunds: Type.Integer({ description: 'Of them, paid back in cash' }),
        cash_cents: Type.Integer({
          description: 'Cash paid back with no till shift open: in no drawer’s X or Z report',
        }),
      },
      {
        description:
          'Refunds of the event’s orders made with no till shift open (an admin key, the bulk refund of a cancelled event): counted in totals and refunds like any other, but in no shift report (docs/api.md "Money outside the till shifts")',
      },
    ),
    sales_outside_shifts: Type.Object(
      {
        cash_orders: Type.Integer({ description: 'Cash orders sold with no till shift open' }),
        cash_cents: Type.Integer({ description: 'What they took: cash in no drawer’s X or Z report' }),
      },
      {
        description:
          'The event’s cash sales made with no till shift open (a till before opening or after closing its shift, an admin key): counted in totals and payment_methods like any other, but in no shift report (docs/api.md "Money outside the till shifts")',
      },
    ),
    admissions: Type.Object({
      admitted: Type.Integer({ description: 'Tickets admitted at least once' }),
      inside_now: Type.Integer({ description: 'People inside now (entries less exits)' }),
      not_yet_arrived: Type.Integer({ description: 'Active tickets never admitted' }),
    }),
    sales_over_time: Type.Object({
      interval_minutes: Type.Integer(),
      buckets: Type.Array(
        Type.Object({
          start: Timestamp,
          orders: Type.Integer(),
          tickets: Type.Integer(),
          gross_cents: Type.Integer(),
        }),
        { description: 'Buckets with at least one sale, oldest first (empty ones are left out)' },
      ),
    }),
  },
  { $id: 'EventReport', description: "An event's sales, refunds, comps and admissions, now" },
);
export type EventReportView = Static<typeof EventReport>;

export const SalesReportQuery = Type.Object(
  {
    from: {
      ...TimestampInput,
      description: 'Start of the period (inclusive), e.g. 2026-11-01T00:00:00+00:00',
    },
    to: { ...TimestampInput, description: 'End of the period (exclusive), later than from' },
    timezone: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          "IANA zone whose calendar the months follow; default the venue's clock (venue_timezone in Settings)",
      }),
    ),
  },
  { additionalProperties: false },
);

const takings = {
  orders: Type.Integer({ description: 'Orders placed in the period (comps included)' }),
  gross_cents: Type.Integer({ description: 'What those orders took' }),
  refunds: Type.Integer({ description: 'Refunds made in the period, whenever their order was placed' }),
  refunds_cents: Type.Integer(),
  net_cents: Type.Integer({ description: 'gross_cents − refunds_cents' }),
};

export const SalesReport = Type.Object(
  {
    object: Type.Literal('sales_report'),
    from: Timestamp,
    to: Timestamp,
    timezone: Type.String({ description: 'The zone the months follow' }),
    generated_at: Timestamp,
    totals: Type.Array(Type.Object({ currency: Type.String(), ...takings }), {
      description:
        'One row per currency with money in the period (amounts in different currencies are not added)',
    }),
    months: Type.Array(
      Type.Object({
        month: Type.String({ description: 'YYYY-MM on the zone’s calendar' }),
        currency: Type.String(),
        ...takings,
      }),
      { description: 'Months with money in them, oldest first, one row per currency' },
    ),
    events: Type.Array(
      Type.Object({
        event_id: Type.String(),
        title: Type.String(),
        doors_at: Timestamp,
        status: Type.Enum(['draft', 'published', 'cancelled']),
        currency: Type.String(),
        ...takings,
      }),
      { description: 'Events with money in the period, by doors time' },
    ),
  },
  {
    $id: 'SalesReport',
    description:
      'Takings between two moments per event, per month and in total: an order counts when it was placed, a refund when it was made',
  },
);
export type SalesReportView = Static<typeof SalesReport>;
