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
  /**
   * A shift's float and its closing count (schemas/shifts.ts): the till checks them before asking.
   * Not the price cap: a drawer holds many orders, and an order alone may total up to 100 lines ×
   * 100 tickets × a 100,000,000 price (10^12). At 100,000,000 (Rp 1,000,000 in rupiah, about $60)
   * a shift that sold two such tickets for cash could not be closed with its true count. 10^15
   * is a thousand of the largest orders, more than a till could hold in any currency, and keeps
   * float + cash taken and count − expected exact in a JavaScript number.
   */
  drawerCents: { minimum: 0, maximum: 1_000_000_000_000_000 },
} as const;
