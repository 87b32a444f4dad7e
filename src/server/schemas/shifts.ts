import { Type, type Static } from 'typebox';
import { fieldLimits } from '../../shared/field-limits.js';
import { paymentMethods } from './orders.js';
import { Currency, ListOrder, ListQuery, Nullable, Timestamp } from './common.js';

const cents = (description: string) => Type.Integer({ ...fieldLimits.drawerCents, description });

/** A closed shift's sales recorded after it was cashed up (docs/api.md "Late sales"). */
const LateSales = Type.Object({
  order_count: Type.Integer({ description: 'Orders of this shift recorded after it closed' }),
  cash_order_count: Type.Integer({
    description: 'Those of them paid in cash in the report’s currency',
  }),
  cash_cents: Type.Integer({
    description:
      'Their cash, in the report’s currency: money that was in the drawer when it was counted, so it explains that much of an over',
  }),
  order_ids: Type.Array(Type.String(), { description: 'The late orders, oldest first' }),
});

export const Shift = Type.Object(
  {
    id: Type.String(),
    status: Type.Enum(['open', 'closed']),
    api_key_id: Type.String({ description: 'The till (key) it was opened on; it tags that till’s sales' }),
    device_id: Nullable(Type.String()),
    opening_float_cents: Type.Integer(),
    opened_at: Timestamp,
    opened_by: Type.String({ description: 'stf_ id of the member who opened it' }),
    closed_at: Nullable(Timestamp),
    closed_by: Nullable(Type.String()),
    counted_cash_cents: Nullable(Type.Integer()),
    currency: Nullable(
      Type.String({
        description:
          'The drawer’s money named when it opened (the till’s, else tonight’s event’s), lower-case like an order’s; null when none was known. Absent from the `shift` of Z reports kept before it existed',
      }),
    ),
    till_name: Type.Optional(
      Nullable(
        Type.String({
          description:
            'The name of the till (its key) as it is now, null when that key is gone; in GET /v2/shifts/{id} only, for a refund at another till to say where the order was sold',
        }),
      ),
    ),
    opened_by_name: Type.Optional(
      Nullable(
        Type.String({
          description:
            'The name of the member who opened it, as they are named now (a member who has left keeps their name); in GET /v2/shifts and GET /v2/shifts/{id}, not in a Z report’s `shift`',
        }),
      ),
    ),
    closed_by_name: Type.Optional(
      Nullable(
        Type.String({
          description: 'Likewise for the member who closed it; null while it is open',
        }),
      ),
    ),
    counted_currency: Type.Optional(
      Nullable(
        Type.String({
          description:
            'A closed shift’s: the currency `counted_cash_cents` is in, its Z report’s `currency` (the drawer’s, which is the one it opened in only when that one held money). Absent while the shift is open and from the `shift` inside a Z report',
        }),
      ),
    ),
    late_sales: Type.Optional({
      ...LateSales,
      description:
        'In GET /v2/shifts only: a closed shift’s late sales, as its report’s `late_sales` (docs/api.md "Late sales"), so a list of past shifts can flag the ones to look at again; absent when it has none',
    }),
  },
  { $id: 'Shift', description: 'A till’s shift: opened with a cash float, closed with a count' },
);
export type ShiftView = Static<typeof Shift>;

const MethodTotal = Type.Object({
  payment_method: Type.Enum([...paymentMethods]),
  currency: Type.String(),
  order_count: Type.Integer(),
  sales_cents: Type.Integer(),
  refund_count: Type.Integer(),
  refunds_cents: Type.Integer({ description: 'Refunds made in this shift on orders paid this way' }),
  net_cents: Type.Integer(),
});

const TierTotal = Type.Object({
  tier_id: Type.String(),
  tier_name: Type.String(),
  event_id: Type.String(),
  currency: Type.String(),
  tickets: Type.Integer({ description: 'Tickets sold in this shift, comps included' }),
  comp_tickets: Type.Integer(),
  sales_cents: Type.Integer(),
});

const CountAmount = Type.Object({ count: Type.Integer(), amount_cents: Type.Integer() });

export const ShiftReport = Type.Object(
  {
    kind: Type.Enum(['x', 'z'], { description: 'x: while open, as of generated_at; z: kept when it closed' }),
    shift: Shift,
    generated_at: Timestamp,
    currency: Nullable(
      Type.String({
        description:
          'The drawer’s: the one named when the shift opened if it has money in it, else that of the shift’s first sale; the cash figures count this currency only',
      }),
    ),
    opening_float_cents: Type.Integer(),
    cash_sales_cents: Type.Integer(),
    cash_refunds_cents: Type.Integer(),
    expected_cash_cents: Type.Integer({ description: 'opening float + cash taken − cash refunded' }),
    counted_cash_cents: Nullable(Type.Integer({ description: 'null in an X report' })),
    over_short_cents: Nullable(
      Type.Integer({
        description: 'counted − expected: negative is short, positive over; null in an X report',
      }),
    ),
    order_count: Type.Integer(),
    by_payment_method: Type.Array(MethodTotal),
    by_tier: Type.Array(TierTotal),
    refunds: { ...CountAmount, description: 'Refunds made in this shift, in the report’s currency' },
    voids: {
      ...CountAmount,
      description: 'Tickets voided in this shift (at their price), in the report’s currency',
    },
    other_currencies: Type.Optional(
      Type.Array(Type.Object({ currency: Type.String(), refunds: CountAmount, voids: CountAmount }), {
        description:
          'Refunds and voids of the shift in each other currency (a till selling events in two); absent from Z reports kept before this field existed',
      }),
    ),
    comps: Type.Object({ order_count: Type.Integer(), ticket_count: Type.Integer() }),
    late_sales: Type.Optional({
      ...LateSales,
      description:
        'A closed shift’s only, and only when it has any: sales made in the shift whose answer reached the till late (docs/api.md "Late sales"), settled after the close under their Idempotency-Key. The figures above stay as counted; these are not in them',
    }),
  },
  { $id: 'ShiftReport', description: 'What a shift took: an X report while open, the Z report once closed' },
);
export type ShiftReportView = Static<typeof ShiftReport>;

export const ShiftOpenBody = Type.Object(
  {
    opening_float_cents: cents('Cash in the drawer at the start, in the minor unit'),
    currency: Type.Optional({
      ...Currency,
      description:
        'The drawer’s money (what the till sells in), kept with the float in the audit trail. Default: the currency of tonight’s event (doors within 12 h before to 24 h after now); with none, a float above zero is in the currency of the event whose doors are nearest, and a zero float opens with no currency, taking its first sale’s.',
    }),
  },
  { additionalProperties: false },
);
export type ShiftOpenInput = Static<typeof ShiftOpenBody>;

export const ShiftCloseBody = Type.Object(
  {
    counted_cash_cents: cents(
      'Cash counted in the drawer at the end (a blind count: the till shows the expected figure only in the answer)',
    ),
  },
  { additionalProperties: false },
);
export type ShiftCloseInput = Static<typeof ShiftCloseBody>;

export const ShiftsQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(Type.Enum(['open', 'closed'])),
    api_key_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only the shifts of this till (key); a till reads its own id in GET /v2/staff/session',
      }),
    ),
    order: ListOrder('last night’s shift first, as a till’s past shifts are read'),
  },
  { additionalProperties: false },
);

export const ShiftReportQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Enum(['json', 'csv'], {
        description:
          'csv: the same report as one CSV download (docs/api.md "Shift report as CSV"), money in major units. `Accept: text/csv` does the same',
      }),
    ),
  },
  { additionalProperties: false },
);
