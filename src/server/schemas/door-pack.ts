import { Type, type Static } from 'typebox';
import { Event } from './events.js';
import { Timestamp, ref } from './common.js';
import { idField } from './scans.js';

// What a door device downloads to validate on its own when the venue's network is down: the
// signing keys, the event's tiers, who is revoked or inside, and the holders' names (GET
// /v2/scan/door_pack). The scans themselves are in scans.ts.

/** The ticket-token public keys (JWKS); also the answer of `GET /v2/scan_keys`. */
export const Jwks = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.Literal('OKP'),
      crv: Type.Literal('Ed25519'),
      x: Type.String(),
      kid: Type.String(),
      alg: Type.Optional(Type.Literal('EdDSA')),
      use: Type.Optional(Type.Literal('sig')),
    }),
  ),
});

export const DoorPackQuery = Type.Object(
  {
    event_id: Type.Optional(idField("Defaults to the calling device's paired event")),
    since: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        description: 'A cursor from an earlier pack: only what changed after it',
      }),
    ),
    holders: Type.Optional(
      Type.Boolean({
        description:
          'false: holders is empty. A door that only scans (no lookup) can skip the names, most of a whole pack (default true)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DoorPack = Type.Object({
  event: ref(Event),
  jwks: Jwks,
  tiers: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      paper_pass: Type.Boolean({ description: "false: refuse this tier's paper passes (paper_not_allowed)" }),
    }),
    {
      description:
        "The event's tiers, in every pack (whole or delta): whether each takes paper passes, and its name for the door's display",
    },
  ),
  revoked: Type.Array(
    Type.Object({
      ticket_id: Type.String(),
      status: Type.Enum(['voided', 'transferred']),
      transferred_at: Type.Optional(
        Type.String({
          format: 'date-time',
          description:
            "Transferred tickets only: when, ISO 8601 UTC (a replacement at the box office is a transfer to the holder), so an offline door can say 'replaced at 19:30'. Absent on voided ones",
        }),
      ),
    }),
  ),
  scanned: Type.Array(Type.String(), {
    description: 'Tickets inside now (admitted and not scanned out)',
  }),
  exited: Type.Array(Type.String(), {
    description: 'Delta packs only: tickets admitted before and outside now, to drop from the inside set',
  }),
  holders: Type.Array(
    // [ticket id, order id, attendee name ('' when none), index of the ticket's tier in tiers,
    // and 1 for a ticket transferred in]: an array rather than an object keeps a pack of 100,000
    // names small. A tuple would say more, but OpenAPI 3.0 has no tuples.
    Type.Array(Type.Union([Type.String(), Type.Integer()]), {
      minItems: 4,
      maxItems: 5,
      description:
        "[ticket id, order id, attendee name ('' when none), index of the ticket's tier in tiers], and a fifth element 1 when the ticket reached its holder by a transfer (theirs alone: not admitted with the rest of the order)",
    }),
    {
      description:
        'For offline lookup and manual check-in: [ticket_id, order_id, attendee_name, tier_index] of each active ticket of the event, grouped by order (a delta pack: only tickets sold or changed since). Names only, never emails.',
    },
  ),
  inside: Type.Integer({ description: 'People inside now (admissions minus exits), for inside / capacity' }),
  full: Type.Boolean({ description: 'false when built with since' }),
  generated_at: Timestamp,
  cursor: Type.String({
    description:
      'Door feed position this pack is good up to; pass as since, or as Last-Event-ID to /v2/scans/stream',
  }),
});
export type DoorPackView = Static<typeof DoorPack>;

/**
 * DoorPack as the route writes it: `holders` (100,000 arrays of four in a big event's whole
 * pack) goes to JSON.stringify as built, because the schema serializer picks a branch of the
 * string-or-integer union for every element (~0.5 s for 100,000 holders, against ~40 ms).
 * The OpenAPI document still describes DoorPack.
 */
export const DoorPackWire = Type.Object({
  ...DoorPack.properties,
  holders: Type.Unsafe<DoorPackView['holders']>({}),
});
