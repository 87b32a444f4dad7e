import { Type, type Static } from 'typebox';
import { fieldLimits } from '../../shared/field-limits.js';
import {
  ExportFormat,
  FilledText,
  ListOrder,
  ListQuery,
  Nullable,
  PlainText,
  Timestamp,
  TimestampInput,
  idPattern,
  ref,
} from './common.js';
import { Email } from './email.js';
import { Ticket } from './tickets.js';
import { orderExample, refundExample } from './examples.js';

const personName = FilledText({ ...fieldLimits.personName });

export const paymentMethods = ['cash', 'card', 'comp', 'external'] as const;
/** Where a sale was made (docs/api.md "Sales channels"). */
export const salesChannels = ['till', 'kiosk', 'api'] as const;

export const CheckoutBody = Type.Object(
  {
    event_id: Type.String({ maxLength: 80 }),
    items: Type.Array(
      Type.Object(
        {
          tier_id: Type.String({ maxLength: 80 }),
          // The real cap is the tier's max_per_order, answered as max_per_order_exceeded.
          quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    buyer: Type.Optional(
      Type.Object(
        { name: Type.Optional(personName), email: Type.Optional(Email) },
        {
          additionalProperties: false,
          description:
            'Required with name and email for card and external; optional for cash and comp (walk-in)',
        },
      ),
    ),
    attendees: Type.Optional(
      Type.Array(
        Type.Object(
          { name: Type.Optional(personName), email: Type.Optional(Email) },
          { additionalProperties: false },
        ),
        {
          maxItems: 10_000,
          description: "One per ticket, in item order; missing fields fall back to the buyer's",
        },
      ),
    ),
    access_code: Type.Optional(PlainText({ minLength: 1, maxLength: 64 })),
    payment_method: Type.Enum([...paymentMethods]),
    channel: Type.Optional(
      Type.Enum(['till', 'api'], {
        description:
          'Admin keys only: `till` for a sale at a box office that uses an admin key (the desktop app), `api` (the default) otherwise. A box office key always sells as `till`, a kiosk key as `kiosk`.',
      }),
    ),
    expected_total_cents: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100_000_000_000,
        description:
          'The total the seller or customer was shown. When given and the order would total anything else (a tier repriced since), the sale is refused with 409 `price_changed` and nothing is written.',
      }),
    ),
    shift_id: Type.Optional(
      Type.String({
        maxLength: 80,
        description:
          'The shift open at this till when the sale was rung up (GET /v2/shifts/current). It decides nothing while that shift is open; when it has closed since (a sale whose answer was lost, sent again later under its Idempotency-Key), the order joins that shift as a late sale its Z report lists under `late_sales`, not the shift open now. A shift of another till, or none, is refused (400 `invalid_field`, param `shift_id`)',
      }),
    ),
    comp_reason: Type.Optional(
      // Blank is taken, and kept as no reason (a comp's reason is optional over the API).
      PlainText({
        minLength: 1,
        maxLength: 200,
        description: 'Why the tickets are free; required with `comp` (with `buyer.name`), refused otherwise',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CheckoutInput = Static<typeof CheckoutBody>;

export const refundMethods = ['cash', 'card', 'other'] as const;

export const RefundBody = Type.Object(
  {
    amount_cents: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Defaults to everything not yet refunded',
      }),
    ),
    method: Type.Optional(
      Type.Enum([...refundMethods], {
        description:
          "How the money went back. Defaults to the order's payment method (cash or card; `other` for external)",
      }),
    ),
    note: Type.Optional(
      FilledText({
        minLength: 1,
        maxLength: 200,
        description:
          'Why, in the refunder’s words (`reason` is already the refund’s machine-readable origin)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RefundInput = Static<typeof RefundBody>;

export const RefundAllBody = Type.Object(
  {
    method: RefundBody.properties.method,
    note: RefundBody.properties.note,
  },
  {
    additionalProperties: false,
    description: 'Applied to every refund made; `method` defaults per order to how it was paid',
  },
);
export type RefundAllInput = Static<typeof RefundAllBody>;

export const BulkRefund = Type.Object(
  {
    object: Type.Literal('bulk_refund'),
    event_id: Type.String(),
    orders: Type.Integer({
      description: 'Orders with money still to give back (before), or refunded now (after)',
    }),
    amount_cents: Type.Integer({ description: 'Their total still paid (before), or refunded now (after)' }),
    currency: Type.String(),
    voided_tickets: Type.Integer({
      description:
        'Active tickets on orders with no money to give back (comps, free tiers): voided without a refund (after), or to be (before)',
    }),
  },
  {
    $id: 'BulkRefund',
    description: "What refunding a cancelled event's orders would move, or moved",
    examples: [
      {
        object: 'bulk_refund',
        event_id: 'evt_Hq3Zk8Xb1M',
        orders: 212,
        amount_cents: 530_000,
        currency: 'usd',
        voided_tickets: 14,
      },
    ],
  },
);
export type BulkRefundView = Static<typeof BulkRefund>;

export const ResendBody = Type.Object(
  {
    email: Type.Optional(Email),
  },
  {
    additionalProperties: false,
    description:
      "`email` sends to that address instead of the buyer's, this once; the order keeps its buyer email",
  },
);
export type ResendInput = Static<typeof ResendBody>;

export const OrderPatchBody = Type.Object(
  {
    buyer: Type.Object(
      { name: Type.Optional(personName), email: Type.Optional(Email) },
      {
        additionalProperties: false,
        description:
          "The fields to correct; the order's tickets whose attendee still carries the buyer's old name or email (filled in from the buyer at checkout) follow",
      },
    ),
  },
  {
    additionalProperties: false,
    description:
      "Corrects the buyer a seller typed wrong, or adds one to a walk-in sale; a buyer's name or email cannot be removed",
  },
);
export type OrderPatchInput = Static<typeof OrderPatchBody>;

export const OrdersQuery = Type.Object(
  {
    ...ListQuery,
    ...ExportFormat,
    event_id: Type.Optional(Type.String({ maxLength: 80 })),
    payment_method: Type.Optional(
      Type.Enum([...paymentMethods], { description: 'Only orders paid this way' }),
    ),
    created_gte: Type.Optional({
      ...TimestampInput,
      description: 'Only orders placed at or after this moment',
    }),
    created_lt: Type.Optional({ ...TimestampInput, description: 'Only orders placed before this moment' }),
    shift_id: Type.Optional({
      ...idPattern('shf'),
      maxLength: 80,
      description:
        'Only orders sold through the till while this shift was open (the orders of its X or Z report)',
    }),
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Search: buyer or attendee name (substring, any case, accents ignored) or email (substring), order id or ticket id (exact, or its last 5 or more letters and digits)',
      }),
    ),
    order: ListOrder('a till’s latest sales'),
  },
  { additionalProperties: false },
);

export const Refund = Type.Object(
  {
    id: Type.String(),
    amount_cents: Type.Integer(),
    ticket_id: Nullable(Type.String()),
    reason: Type.Enum(['requested', 'ticket_voided'], {
      description:
        'Where the refund came from: `requested` through the refund endpoint, `ticket_voided` by voiding `ticket_id`. Every refund is already done: money recorded here has gone back',
    }),
    method: Nullable(
      Type.Enum([...refundMethods], {
        description: 'How the money went back; null on refunds recorded before this was asked',
      }),
    ),
    note: Nullable(Type.String({ description: 'Why, in the words of whoever refunded' })),
    shift_id: Nullable(Type.String({ description: 'The shift open at the till that made the refund' })),
    created_at: Timestamp,
  },
  { $id: 'Refund', description: 'Money paid back on an order, whole or in part', examples: [refundExample] },
);
export type RefundView = Static<typeof Refund>;

export const Order = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String(),
    status: Type.Enum(['paid', 'partially_refunded', 'refunded']),
    buyer: Nullable(
      Type.Object({
        name: Nullable(Type.String()),
        email: Nullable(Type.String()),
      }),
    ),
    total_cents: Type.Integer(),
    refunded_cents: Type.Integer(),
    currency: Type.String(),
    payment_method: Type.Enum([...paymentMethods]),
    channel: Type.Enum([...salesChannels], { description: 'Where it was sold: till, kiosk or api' }),
    comp_reason: Nullable(Type.String({ description: 'Why a comp was given; null for every other order' })),
    tickets: Type.Array(ref(Ticket)),
    refunds: Type.Array(ref(Refund)),
    shift_id: Nullable(
      Type.String({ description: 'The shift open at the till that sold it (null: no shift was open)' }),
    ),
    created_at: Timestamp,
  },
  {
    $id: 'Order',
    description: 'An order; buyer is null for an anonymous walk-in sale',
    examples: [orderExample],
  },
);
export type OrderView = Static<typeof Order>;
