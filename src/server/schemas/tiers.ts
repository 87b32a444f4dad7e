import { Type, type Static } from 'typebox';
import { fieldLimits } from '../../shared/field-limits.js';
import { Currency, FilledText, Nullable, PlainText, Timestamp, TimestampInput } from './common.js';
import { tierExample } from './examples.js';

const fields = {
  name: FilledText({ ...fieldLimits.tierName }),
  price_cents: Type.Integer({
    ...fieldLimits.priceCents,
    description: 'Price in minor units',
  }),
  currency: Currency,
  quantity: Type.Integer({
    ...fieldLimits.quantity,
    description: 'Tickets offered; never below sold',
  }),
  sale_starts_at: Nullable(TimestampInput),
  sale_ends_at: Nullable(TimestampInput),
  max_per_order: Type.Integer({ ...fieldLimits.maxPerOrder }),
  visibility: Type.Enum(['public', 'unlisted', 'access_code']),
  access_code: Nullable(PlainText({ ...fieldLimits.accessCode })),
  paper_pass: Type.Boolean({
    description:
      "Whether this tier's tickets have a paper pass (default true). Switched off, the tier's tickets show paper_pass null and doors refuse their passes (paper_not_allowed); the rotating code still admits.",
  }),
};

const optional = {
  currency: Type.Optional(fields.currency),
  sale_starts_at: Type.Optional(fields.sale_starts_at),
  sale_ends_at: Type.Optional(fields.sale_ends_at),
  max_per_order: Type.Optional(fields.max_per_order),
  visibility: Type.Optional(fields.visibility),
  access_code: Type.Optional(fields.access_code),
  paper_pass: Type.Optional(fields.paper_pass),
};

export const TierCreateBody = Type.Object(
  {
    name: fields.name,
    price_cents: fields.price_cents,
    quantity: fields.quantity,
    ...optional,
  },
  { additionalProperties: false },
);
export type TierCreateInput = Static<typeof TierCreateBody>;

/** An item of `tickets[]` on event creation: any tier field; quantity defaults to 100. */
export const EventTicketItem = Type.Object(
  {
    name: fields.name,
    price_cents: fields.price_cents,
    quantity: Type.Optional(fields.quantity),
    ...optional,
  },
  { additionalProperties: false },
);
export type EventTicketInput = Static<typeof EventTicketItem>;

export const TierPatchBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    price_cents: Type.Optional(fields.price_cents),
    quantity: Type.Optional(fields.quantity),
    ...optional,
  },
  { additionalProperties: false },
);
export type TierPatchInput = Static<typeof TierPatchBody>;

export const Tier = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String(),
    name: Type.String(),
    price_cents: Type.Integer(),
    currency: Type.String(),
    quantity: Type.Integer(),
    sold: Type.Integer({ description: 'Tickets minted, comps and voided ones included' }),
    comps: Type.Integer({ description: 'Of sold: tickets given away by comp orders' }),
    voided: Type.Integer({ description: 'Of sold: tickets voided since' }),
    sale_starts_at: Nullable(Timestamp),
    sale_ends_at: Nullable(Timestamp),
    max_per_order: Type.Integer(),
    visibility: Type.Enum(['public', 'unlisted', 'access_code']),
    access_code: Nullable(Type.String()),
    paper_pass: fields.paper_pass,
    created_at: Timestamp,
  },
  { $id: 'Tier', description: 'A ticket tier of an event', examples: [tierExample] },
);
export type TierView = Static<typeof Tier>;
