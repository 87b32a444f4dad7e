import { Type, type Static } from 'typebox';
import { ListQuery, Nullable, Timestamp } from './common.js';

export const Payout = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String(),
    amount_cents: Type.Integer(),
    currency: Type.String(),
    status: Type.Enum(['pending', 'paid', 'cancelled'], {
      description:
        'pending until marked paid; a pending payout can be cancelled (it then settles nothing and the next payout takes its amount again)',
    }),
    created_at: Timestamp,
    paid_at: Nullable(Timestamp),
    cancelled_at: Nullable(Timestamp),
  },
  { $id: 'Payout', description: "A settlement of an event's net sales" },
);
export type PayoutView = Static<typeof Payout>;

export const PayoutCreateBody = Type.Object(
  { event_id: Type.String({ maxLength: 80 }) },
  { additionalProperties: false },
);
export type PayoutCreateInput = Static<typeof PayoutCreateBody>;

export const PayoutsQuery = Type.Object(
  { ...ListQuery, event_id: Type.Optional(Type.String({ maxLength: 80 })) },
  { additionalProperties: false },
);
