import { Type, type Static } from 'typebox';
import { scanReasons } from '../../shared/scan-reasons.js';
import { Nullable, TimestampInput, ref } from './common.js';
import { Occupancy, OrderAdmissions, Scan, idField, stewardReason, ticketStatus } from './scans.js';

// A steward letting a holder in without their code: finding them by name or order at the door
// (GET /v2/scan/lookup), then checking in one ticket or a whole order. The code scans are in scans.ts.

export const CheckInBody = Type.Object(
  {
    reason: stewardReason(
      "Why the holder is let in without their code (1-200 characters, one line), kept on the scan's note",
    ),
    device_id: Type.Optional(idField('The door device checking the holder in (dev_)')),
    scanned_at: Type.Optional({
      ...TimestampInput,
      description:
        'When the door checked the holder in (default: now). A door that names it can sync its offline copy of this check-in, queued when the answer was lost, without it counting twice',
    }),
  },
  { additionalProperties: false },
);
export type CheckInInput = Static<typeof CheckInBody>;

export const OrderCheckInBody = Type.Object(
  {
    device_id: Type.Optional(idField('The door device checking the holders in (dev_)')),
    scanned_at: Type.Optional({
      ...TimestampInput,
      description:
        'When the door checked the order in (default: now). A door that names it can sync its offline copies of these check-ins, queued when the answer was lost, without them counting twice',
    }),
    reason: Type.Optional(
      stewardReason(
        "The steward's reason (1-200 characters), kept on each scan's note; needed only to admit past the event's capacity",
      ),
    ),
  },
  { additionalProperties: false },
);
export type OrderCheckInInput = Static<typeof OrderCheckInBody>;

export const OrderCheckInResult = Type.Object({
  ticket_id: Type.String(),
  result: Type.Enum(['admitted', 'rejected']),
  reason: Nullable(Type.Enum([...scanReasons])),
  scan: Type.Union([ref(Scan), Type.Null()], {
    description:
      'The scan recorded for an admission now; null for a ticket that was not tried (inside already, voided, transferred)',
  }),
});

export const OrderCheckInAnswer = Type.Object({
  order: OrderAdmissions,
  results: Type.Array(OrderCheckInResult, {
    description: "Each of the order's tickets, in the order they were sold",
  }),
  occupancy: Occupancy,
});
export type OrderCheckInAnswerView = Static<typeof OrderCheckInAnswer>;

export const lookupMinQueryLength = 2;
export const lookupMaxResults = 10;

export const LookupQuery = Type.Object(
  {
    event_id: Type.Optional(idField("The event; defaults to the calling door's paired event")),
    q: Type.String({
      minLength: lookupMinQueryLength,
      maxLength: 100,
      description:
        'At least 2 characters: part of the attendee name (any case), or the start of an order id (ord_…)',
    }),
  },
  { additionalProperties: false },
);
export type LookupQueryInput = Static<typeof LookupQuery>;

export const LookupMatch = Type.Object(
  {
    ticket_id: Type.String(),
    order_id: Type.String(),
    attendee_name: Nullable(Type.String()),
    tier_name: Nullable(Type.String()),
    status: ticketStatus,
    scanned: Type.Boolean({ description: 'Inside now (admitted and not scanned out)' }),
    scan_count: Type.Integer({ description: 'Admissions so far (re-entries count)' }),
  },
  { description: 'A ticket found by name or order at the door; never an email' },
);
export type LookupMatchView = Static<typeof LookupMatch>;

export const LookupAnswer = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(LookupMatch, { maxItems: lookupMaxResults }),
  has_more: Type.Boolean({ description: 'More than 10 tickets matched: type more of the name' }),
  next_cursor: Type.Null(),
});
export type LookupAnswerView = Static<typeof LookupAnswer>;
