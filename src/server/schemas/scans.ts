import { Type, type Static } from 'typebox';
import { scanReasons, type ScanReason } from '../../shared/scan-reasons.js';
import { credentialKinds } from '../../shared/ticket-token.js';
import { maxStewardReason, stewardReasonPattern } from '../../shared/steward-reason.js';
import { ExportFormat, ListQuery, Nullable, Timestamp, TimestampInput, ref } from './common.js';
import { scanExample } from './examples.js';

export { scanReasons, type ScanReason };

/** An id parameter or field; the description names what it identifies (its prefix). */
export const idField = (what: string) => Type.String({ minLength: 1, maxLength: 80, description: what });
/** Ticket tokens are ~330 characters; the cap only keeps absurd input from reaching the parser. */
const token = Type.String({
  minLength: 1,
  maxLength: 4096,
  description: "What the QR code held: the ticket's rotating code (qr_token) or its paper pass (paper_pass)",
});
/** How a scan identified the holder: a code they showed, or `manual` (a steward's check-in). */
export const scanCredentials = [...credentialKinds, 'manual'] as const;
const scanCredential = Type.Enum([...scanCredentials], {
  description:
    "How the holder was identified: 'rotating' (the phone's code, live or from the offline strip), 'paper' (the paper pass) or 'manual' (a steward checked them in by name or order, POST /v2/tickets/{id}/check_in or /v2/orders/{id}/check_in).",
});
export { maxStewardReason };
/** The steward's words: why they let someone in by hand (or past capacity). One line. */
export const stewardReason = (description: string) =>
  Type.String({ minLength: 1, maxLength: maxStewardReason, pattern: stewardReasonPattern, description });
const direction = Type.Enum(['in', 'out'], {
  description: 'in (default) admits; out records an exit so the next entry admits again',
});

export const ticketStatus = Type.Enum(['active', 'transferred', 'voided']);

/** `ticket.scanned` webhooks carry this (admin-configured receivers, like every webhook's data). */
export const ScanTicket = Type.Object(
  {
    id: Type.String(),
    order_id: Type.String(),
    event_id: Type.String(),
    tier_id: Type.String(),
    attendee_id: Type.String(),
    status: ticketStatus,
    scan_count: Type.Integer(),
    price_cents: Type.Integer({ minimum: 0, description: 'What this ticket cost on its order' }),
    inside: Type.Boolean({
      description: 'Admitted and not scanned out since (drives re-entry); not on the plain ticket resource',
    }),
    wallet_url: Type.String(),
    issued_at: Timestamp,
    transferred_from: Nullable(Type.String()),
    transferred_to: Nullable(Type.String()),
  },
  {
    description:
      'The ticket in a ticket.scanned webhook: the ticket resource (GET /v2/tickets/{id}) without its credentials qr_token and paper_pass (a scan signs no new admission code), plus inside',
  },
);
export type ScanTicketView = Static<typeof ScanTicket>;

/**
 * What a door is told about a ticket: enough to admit or turn away and say why. No wallet_url
 * (it opens the wallet, which hands out fresh admission codes) and no qr_token.
 */
export const DoorTicket = Type.Object(
  {
    id: Type.String(),
    order_id: Type.String(),
    event_id: Type.String(),
    tier_id: Type.String(),
    tier_name: Nullable(Type.String({ description: "The tier's name, for the door's screen" })),
    attendee_id: Type.String(),
    status: ticketStatus,
    scan_count: Type.Integer(),
    inside: Type.Boolean({
      description: 'Admitted and not scanned out since (drives re-entry); not on the plain ticket resource',
    }),
    issued_at: Timestamp,
    transferred_from: Nullable(Type.String()),
    transferred_to: Nullable(Type.String()),
    transferred_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When this ticket was replaced by `transferred_to` (handed on, or reissued to its own holder after a lost phone or a shared code); null unless `status` is transferred. The door page says it: "Replaced at 19:30 …: send the guest to the box office"',
      }),
    ),
  },
  {
    $id: 'DoorTicket',
    description:
      'The ticket as the door sees it: ids, tier, status and admission state; never wallet_url or qr_token',
  },
);
export type DoorTicketView = Static<typeof DoorTicket>;

/** The holder as the door sees them: the name to greet, never an email. */
export const DoorAttendee = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String(),
    order_id: Type.String(),
    ticket_id: Type.String(),
    name: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { $id: 'DoorAttendee', description: 'The attendee as the door sees them: no email' },
);
export type DoorAttendeeView = Static<typeof DoorAttendee>;

/** One door's entry in a double admission: which door let the ticket in, and when. */
const DoorEntry = Type.Object({
  scan_id: Type.String({ description: 'scn_ id of that entry' }),
  device_id: Nullable(Type.String()),
  device_name: Nullable(
    Type.String({ description: "The door's name as paired; null for a till or API key" }),
  ),
  scanned_at: Timestamp,
});

/**
 * The two entries of one ticket let in at two doors (offline): the one the server counts and
 * this conflicting one. Carried beside `conflict: true` so both doors and the monitor can say
 * where and when the same ticket got in twice, without asking for the device list (admin only).
 */
export const DoubleAdmission = Type.Object(
  {
    counted: DoorEntry,
    conflicting: DoorEntry,
  },
  {
    $id: 'DoubleAdmission',
    description:
      'Present when conflict is true: the entry the server counts (the first to reach it) and this scan, which let the same ticket in at another door',
  },
);
export type DoubleAdmissionView = Static<typeof DoubleAdmission>;

export const Scan = Type.Object(
  {
    id: Type.String({ description: 'scn_ id' }),
    event_id: Nullable(Type.String()),
    ticket_id: Nullable(Type.String()),
    device_id: Nullable(Type.String()),
    result: Type.Enum(['admitted', 'rejected']),
    reason: Nullable(Type.Enum([...scanReasons])),
    direction: Type.Enum(['in', 'out']),
    scanned_at: Timestamp,
    created_at: Timestamp,
    source: Type.Enum(['online', 'sync']),
    conflict: Type.Boolean(),
    credential: scanCredential,
    note: Nullable(
      Type.String({
        description:
          "The steward's reason for a manual check-in or an admission past capacity; null otherwise",
      }),
    ),
    actor: Type.Object(
      {
        api_key_id: Nullable(Type.String()),
        device_id: Nullable(Type.String()),
        staff_id: Nullable(Type.String()),
      },
      { description: 'Who made the scan: the API key, its paired device, the signed-in staff member' },
    ),
    double_admission: Type.Optional(ref(DoubleAdmission)),
  },
  { $id: 'Scan', description: 'One scan attempt, admitted or not', examples: [scanExample] },
);
export type ScanView = Static<typeof Scan>;

/** `data` of an `event: ticket` on the scan feed (GET /v2/scans/stream). */
export const FeedTicketChange = Type.Object(
  {
    ticket_id: Nullable(Type.String()),
    event_id: Nullable(Type.String()),
    change: Nullable(
      Type.Enum(['sold', 'active', 'transferred', 'voided'], {
        description: "'sold' when the ticket was minted (checkout or transfer), else the status it moved to",
      }),
    ),
    status: Nullable(
      Type.Enum(['active', 'transferred', 'voided'], { description: "The ticket's status now" }),
    ),
  },
  { $id: 'TicketChange', description: 'A sale, void or transfer, as the door feed reports it' },
);
export type FeedTicketChangeView = Static<typeof FeedTicketChange>;

export const ValidateBody = Type.Object(
  {
    token,
    event_id: Type.Optional(idField("The door's event (evt_)")),
    device_id: Type.Optional(idField('The scanning device (dev_)')),
    scanned_at: Type.Optional(TimestampInput),
    direction: Type.Optional(direction),
    reason: Type.Optional(
      stewardReason(
        "The steward's reason (1-200 characters) to admit although the event is at capacity; without it an entry at capacity is refused (409 capacity_reached)",
      ),
    ),
  },
  { additionalProperties: false },
);
export type ValidateInput = Static<typeof ValidateBody>;

export const OrderAdmissions = Type.Object(
  {
    id: Type.String({ description: 'ord_ id' }),
    tickets: Type.Integer({ description: "The order's tickets that can still get in (status active)" }),
    admitted: Type.Integer({ description: 'Of those, how many are inside now' }),
  },
  {
    description:
      "The ticket's order at the door: when admitted < tickets, a door may offer to admit the rest (POST /v2/orders/{id}/check_in)",
  },
);
export type OrderAdmissionsView = Static<typeof OrderAdmissions>;

export const Occupancy = Type.Object(
  {
    inside: Type.Integer({ description: 'People inside now (admissions minus exits)' }),
    capacity: Nullable(Type.Integer({ description: "The event's capacity; null: no limit" })),
    level: Type.Enum(['ok', 'warning', 'full'], {
      description: "'warning' from 90 % of capacity, 'full' from 100 %; always 'ok' without a capacity",
    }),
  },
  { description: "How full the event's venue is, after this answer" },
);
export type OccupancyView = Static<typeof Occupancy>;

export const ValidateAnswer = Type.Object({
  result: Type.Enum(['admitted', 'rejected']),
  reason: Nullable(Type.Enum([...scanReasons])),
  credential: scanCredential,
  ticket: Nullable(ref(DoorTicket)),
  attendee: Nullable(ref(DoorAttendee)),
  scan: ref(Scan),
  order: Nullable(OrderAdmissions),
  occupancy: Nullable(Occupancy),
});
export type ValidateAnswerView = Static<typeof ValidateAnswer>;

export const maxSyncBatch = 1000;

export const SyncBody = Type.Object(
  {
    device_id: idField('The device that made these scans (dev_)'),
    event_id: Type.Optional(idField("The door's event; defaults to the device's paired event")),
    scans: Type.Array(
      Type.Object(
        {
          kind: Type.Optional(
            Type.Enum(['code', 'manual'], {
              description:
                "'code' (the default): a scanned token. 'manual': a steward's check-in by name or order, made offline: ticket_id and note instead of token",
            }),
          ),
          token: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 4096,
              description: 'kind code (required): what the QR code held',
            }),
          ),
          ticket_id: Type.Optional(idField('kind manual: the ticket checked in (tik_)')),
          // Not held to one line as the live routes are: a door upgraded after it queued a note
          // with a line break must still upload its admissions, and one refused item would hold
          // up the whole upload.
          note: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: maxStewardReason,
              pattern: '\\S',
              description:
                "The steward's reason, 1-200 characters: required for kind manual; on a code, why it was admitted past capacity",
            }),
          ),
          scanned_at: TimestampInput,
          result: Type.Enum(['admitted', 'rejected'], {
            description: 'What the device decided offline',
          }),
          direction: Type.Optional(direction),
          reason: Type.Optional(
            Nullable(
              Type.Enum([...scanReasons], {
                description: 'Why the device refused, when it did',
              }),
            ),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: maxSyncBatch },
    ),
  },
  { additionalProperties: false },
);
export type SyncInput = Static<typeof SyncBody>;

export const SyncResult = Type.Object({
  ticket_id: Nullable(Type.String()),
  result: Type.Enum(['admitted', 'rejected']),
  reason: Nullable(Type.Enum([...scanReasons])),
  conflict: Type.Boolean({
    description: 'The device admitted offline but another device had admitted the ticket first',
  }),
  scan_id: Type.String(),
  credential: scanCredential,
  double_admission: Type.Optional(ref(DoubleAdmission)),
});
export type SyncResultView = Static<typeof SyncResult>;

export const SyncAnswer = Type.Object({
  results: Type.Array(SyncResult, {
    description: 'One per uploaded scan, in the order they were sent',
  }),
});

export const ScansQuery = Type.Object(
  {
    ...ListQuery,
    ...ExportFormat,
    event_id: Type.Optional(idField('evt_')),
    device_id: Type.Optional(idField('dev_')),
    ticket_id: Type.Optional(idField('tik_')),
    result: Type.Optional(Type.Enum(['admitted', 'rejected'])),
    since: Type.Optional({
      ...TimestampInput,
      description:
        'Only scans made (scanned_at) at or after this time: the scan monitor reads its last hour, not the whole log',
    }),
  },
  { additionalProperties: false },
);
export type ScansQueryInput = Static<typeof ScansQuery>;

export const OccupancyQuery = Type.Object(
  { event_id: Type.Optional(idField("The event; defaults to the calling door's paired event")) },
  { additionalProperties: false },
);

export const EventOccupancy = Type.Object(
  {
    event_id: Type.String(),
    inside: Type.Integer({ description: 'People inside now (admissions minus exits)' }),
    capacity: Nullable(Type.Integer()),
    level: Type.Enum(['ok', 'warning', 'full']),
    admitted: Type.Integer({ description: 'Admissions so far (re-entries count)' }),
    manual: Type.Integer({ description: 'Of those, manual check-ins (credential manual)' }),
    rotating: Type.Integer({ description: 'Of those, admitted on the phone code (credential rotating)' }),
    paper: Type.Integer({ description: 'Of those, admitted on a paper pass (credential paper)' }),
    last_scan_id: Nullable(
      Type.String({
        description:
          "The event's newest scan (any result) when these figures were read; null before its first. A reader of the scan feed counts only the scans after it",
      }),
    ),
  },
  { description: 'Inside / capacity for the scan monitor and door displays' },
);
export type EventOccupancyView = Static<typeof EventOccupancy>;
