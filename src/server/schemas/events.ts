import { Type, type Static } from 'typebox';
import { fieldLimits } from '../../shared/field-limits.js';
import { Currency, FilledText, PlainText, Timestamp, TimestampInput } from './common.js';
import { EventTicketItem } from './tiers.js';
import { eventExample } from './examples.js';

const title = FilledText({ ...fieldLimits.title });
const venue = FilledText({ ...fieldLimits.venue });
const timezone = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    "IANA time zone of the venue, e.g. America/New_York; attendee pages, mail and PDF tickets show times in it. Defaults to the server's zone.",
});

const capacity = Type.Union([Type.Integer({ ...fieldLimits.capacity }), Type.Null()], {
  description:
    "Most people inside at once (exits counted); null for no limit (the default). Doors and the scan monitor warn at 90 % and alarm at 100 %; at 100 % a door admits only with a steward's reason.",
});

export const EventCreateBody = Type.Object(
  {
    title,
    venue,
    doors_at: TimestampInput,
    tickets: Type.Optional(Type.Array(EventTicketItem, { maxItems: 100 })),
    on_sale_at: Type.Optional(TimestampInput),
    currency: Type.Optional(Currency),
    timezone: Type.Optional(timezone),
    capacity: Type.Optional(capacity),
  },
  { additionalProperties: false },
);
export type EventCreateInput = Static<typeof EventCreateBody>;

export const EventPatchBody = Type.Object(
  {
    title: Type.Optional(title),
    venue: Type.Optional(venue),
    doors_at: Type.Optional(TimestampInput),
    on_sale_at: Type.Optional(TimestampInput),
    currency: Type.Optional(Currency),
    timezone: Type.Optional(timezone),
    capacity: Type.Optional(capacity),
  },
  { additionalProperties: false },
);
export type EventPatchInput = Static<typeof EventPatchBody>;

export const EventCancelBody = Type.Object(
  {
    notify_holders: Type.Optional(
      Type.Boolean({
        description:
          'Queue one mail per ticket holder (buyers and attendees with their own address of active tickets) saying the event is cancelled; default true. Only the first cancel sends.',
      }),
    ),
    message: Type.Optional(
      PlainText({
        maxLength: 1000,
        description: "The organiser's words for that mail (trimmed), e.g. what happens about refunds",
      }),
    ),
  },
  { additionalProperties: false, description: 'Optional; no body means notify_holders true, no message' },
);
export type EventCancelInput = Static<typeof EventCancelBody>;

/** Beside the cancel's Event answer (which stays the contract's): how many holders were mailed. */
export const holdersNotifiedHeader = 'Marquee-Holders-Notified';

export const Event = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    venue: Type.String(),
    doors_at: Timestamp,
    on_sale_at: Timestamp,
    status: Type.Enum(['draft', 'published', 'cancelled']),
    url: Type.String({ description: 'Public event page' }),
    currency: Type.String(),
    timezone: Type.String({
      description: 'IANA time zone in which attendees are shown times (doors on the wallet, mail and PDF)',
    }),
    capacity: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Most people inside at once (exits counted); null: no limit',
    }),
    created_at: Timestamp,
  },
  { $id: 'Event', description: 'An event', examples: [eventExample] },
);
export type EventView = Static<typeof Event>;
