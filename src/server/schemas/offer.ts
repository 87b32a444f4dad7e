import { Type, type Static } from 'typebox';
import { ref } from './common.js';
import { Event } from './events.js';
import { Tier } from './tiers.js';

export const OfferQuery = Type.Object(
  {
    access_code: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'The code a customer typed; compared on the server, never echoed. Empty (`?access_code=`, a code field left blank): as if not given, the public tiers only',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OfferQueryInput = Static<typeof OfferQuery>;

const { access_code: _code, ...tierFields } = Tier.properties;

export const OfferTier = Type.Object(
  {
    ...tierFields,
    access_code: Type.Union([Type.String(), Type.Null()], {
      description: 'Always null: the offer never shows a code, whatever the key',
    }),
    unlocked: Type.Boolean({ description: "An access-code tier this request's access_code opened" }),
    sale_state: Type.Enum(['on_sale', 'not_yet', 'ended', 'sold_out', 'event_not_on_sale'], {
      description:
        "What a checkout would meet now, in checkout's order: the event first (event_not_on_sale before its on_sale_at), then the tier's window, then its stock",
    }),
    available: Type.Integer({ description: 'quantity − sold' }),
  },
  { $id: 'OfferTier', description: 'A tier as the public offer shows it' },
);
export type OfferTierView = Static<typeof OfferTier>;

export const Offer = Type.Object(
  {
    object: Type.Literal('offer'),
    event: ref(Event),
    tiers: Type.Array(ref(OfferTier), {
      description: 'Public tiers, then those the access_code unlocked, in tier order; never unlisted ones',
    }),
    has_access_code_tiers: Type.Boolean({
      description: 'The event has tiers a code can unlock, so a kiosk offers a code field',
    }),
    kiosk_attendant_pin_set: Type.Boolean({
      description:
        'An admin has set the kiosk attendant PIN (the settings field kiosk_attendant_pin_set), so a kiosk can have a card payment approved; never the PIN or its hash',
    }),
  },
  { $id: 'Offer', description: "An event's public offer, as a customer-facing kiosk shows it" },
);
export type OfferView = Static<typeof Offer>;
