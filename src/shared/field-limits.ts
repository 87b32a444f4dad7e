/**
 * The bounds of the event and tier fields, in one place: the server's schemas
 * (schemas/events.ts, schemas/tiers.ts) are built from them and the box office's forms check them
 * before asking, so the two cannot drift and a person never meets the schema's own wording.
 */
export const fieldLimits = {
  title: { minLength: 1, maxLength: 200 },
  venue: { minLength: 1, maxLength: 200 },
  capacity: { minimum: 1, maximum: 1_000_000 },
  tierName: { minLength: 1, maxLength: 200 },
  priceCents: { minimum: 0, maximum: 100_000_000 },
  quantity: { minimum: 0, maximum: 1_000_000 },
  maxPerOrder: { minimum: 1, maximum: 100 },
  accessCode: { minLength: 1, maxLength: 64 },
  /** A buyer's or attendee's name (schemas/orders.ts); the kiosk checks it before charging a card. */
  personName: { minLength: 1, maxLength: 200 },
  /** A shift's float and its closing count (schemas/shifts.ts): the till checks them before asking. */
  drawerCents: { minimum: 0, maximum: 100_000_000 },
} as const;
