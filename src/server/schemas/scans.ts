import { Type, type Static } from 'typebox';
import { Event } from './events.js';
import { scanReasons, type ScanReason } from '../../shared/scan-reasons.js';
import { credentialKinds } from '../../shared/ticket-token.js';
import { ListQuery, Nullable, Timestamp, TimestampInput } from './common.js';

export { scanReasons, type ScanReason };

const id = (what: string) => Type.String({ minLength: 1, maxLength: 80, description: what });
/** Ticket tokens are ~330 characters; the cap only keeps absurd input from reaching the parser. */
const token = Type.String({
  minLength: 1,
  maxLength: 4096,
  description: "What the QR code held: the ticket's rotating code (qr_token) or its paper pass (paper_pass)",
});
const credential = Type.Enum([...credentialKinds], {
  description:
    "The form the ticket was shown in: 'rotating' (the phone's code, live or from the offline strip) or 'paper' (the paper pass). A token that cannot be read at all counts as 'rotating' unless its header says ticket-pass+jwt.",
});
const direction = Type.Enum(['in', 'out'], {
  description: 'in (default) admits; out records an exit so the next entry admits again',
});

const ticketStatus = Type.Enum(['active', 'transferred', 'voided']);

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
      'The ticket in a ticket.scanned webhook: the ticket resource without qr_token (a webhook never hands out a fresh admission token) plus inside',
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
  },
  {
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
  { description: 'The attendee as the door sees them: no email' },
);
export type DoorAttendeeView = Static<typeof DoorAttendee>;

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
    credential,
  },
  { description: 'One scan attempt, admitted or not' },
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
  { description: 'A sale, void or transfer, as the door feed reports it' },
);
export type FeedTicketChangeView = Static<typeof FeedTicketChange>;

export const ValidateBody = Type.Object(
  {
    token,
    event_id: Type.Optional(id("The door's event (evt_)")),
    device_id: Type.Optional(id('The scanning device (dev_)')),
    scanned_at: Type.Optional(TimestampInput),
    direction: Type.Optional(direction),
  },
  { additionalProperties: false },
);
export type ValidateInput = Static<typeof ValidateBody>;

export const ValidateAnswer = Type.Object({
  result: Type.Enum(['admitted', 'rejected']),
  reason: Nullable(Type.Enum([...scanReasons])),
  credential,
  ticket: Nullable(DoorTicket),
  attendee: Nullable(DoorAttendee),
  scan: Scan,
});
export type ValidateAnswerView = Static<typeof ValidateAnswer>;

export const maxSyncBatch = 1000;

export const SyncBody = Type.Object(
  {
    device_id: id('The device that made these scans (dev_)'),
    event_id: Type.Optional(id("The door's event; defaults to the device's paired event")),
    scans: Type.Array(
      Type.Object(
        {
          token,
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
  credential,
});
export type SyncResultView = Static<typeof SyncResult>;

export const SyncAnswer = Type.Object({
  results: Type.Array(SyncResult, {
    description: 'One per uploaded scan, in the order they were sent',
  }),
});

const Jwks = Type.Object({
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
    event_id: Type.Optional(id("Defaults to the calling device's paired event")),
    since: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        description: 'A cursor from an earlier pack: only what changed after it',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DoorPack = Type.Object({
  event: Event,
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
    }),
  ),
  scanned: Type.Array(Type.String(), {
    description: 'Tickets inside now (admitted and not scanned out)',
  }),
  exited: Type.Array(Type.String(), {
    description: 'Delta packs only: tickets admitted before and outside now, to drop from the inside set',
  }),
  full: Type.Boolean({ description: 'false when built with since' }),
  generated_at: Timestamp,
  cursor: Type.String({
    description:
      'Door feed position this pack is good up to; pass as since, or as Last-Event-ID to /v2/scans/stream',
  }),
});
export type DoorPackView = Static<typeof DoorPack>;

export const ScansQuery = Type.Object(
  {
    ...ListQuery,
    event_id: Type.Optional(id('evt_')),
    device_id: Type.Optional(id('dev_')),
    ticket_id: Type.Optional(id('tik_')),
    result: Type.Optional(Type.Enum(['admitted', 'rejected'])),
  },
  { additionalProperties: false },
);
export type ScansQueryInput = Static<typeof ScansQuery>;
