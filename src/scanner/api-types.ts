/**
 * The server's wire shapes the SDK sends and reads (CONTRACT.md "Scanning", docs/api.md), all
 * picked out of the generated `src/shared/api/schema.d.ts`, so a route schema that changes shows
 * up here as a type error instead of a door that misreads an answer. Type-only imports: the SDK
 * stays free of server code and browser-safe.
 */
import type {
  Answer,
  ErrorEnvelope,
  EventStreamData,
  QueryOf,
  RequestBody,
} from '../shared/api/path-types.js';

export type { ErrorEnvelope };

export type ValidateRequest = RequestBody<'/v2/scan/validate', 'post'>;
export type ValidateAnswer = Answer<'/v2/scan/validate', 'post'>;
/** The ticket as the door sees it: no qr_token, plus `inside`. */
export type ScanTicketView = NonNullable<ValidateAnswer['ticket']>;
export type ScanAttendeeView = NonNullable<ValidateAnswer['attendee']>;
/** One scan attempt: the `scan` of a validate answer, a `/v2/scans` item, an `event: scan` on the feed. */
export type ScanView = ValidateAnswer['scan'];

export type SyncRequest = RequestBody<'/v2/scan/sync', 'post'>;
export type SyncAnswer = Answer<'/v2/scan/sync', 'post'>;

export type DoorPackQuery = QueryOf<'/v2/scan/door_pack', 'get'>;
type ServerDoorPack = Answer<'/v2/scan/door_pack', 'get'>;
/**
 * The offline validation material from `GET /v2/scan/door_pack`. `full`, `exited`, `cursor`,
 * `tiers`, `holders` and `inside` are Marquee's additions to CONTRACT.md's pack; the venue server always sends them, but
 * they are optional here so a door still copes with a server that sends only what the contract
 * names (without `tiers`, every tier takes paper passes).
 */
export type DoorPack = Omit<ServerDoorPack, 'full' | 'exited' | 'cursor' | 'tiers' | 'holders' | 'inside'> &
  Partial<Pick<ServerDoorPack, 'full' | 'exited' | 'cursor' | 'tiers' | 'inside'>> & {
    holders?: DoorHolder[];
  };
/**
 * [ticket_id, order_id, attendee_name, tier_index, from_transfer?]: the pack's guest list (names,
 * never emails); the fifth element, 1, marks a ticket that reached its holder by a transfer.
 * Written out here because the OpenAPI document (3.0, no tuples) can only call it an array of
 * strings or integers.
 */
export type DoorHolder =
  | [ticketId: string, orderId: string, name: string, tierIndex: number]
  | [ticketId: string, orderId: string, name: string, tierIndex: number, fromTransfer: 1];
/** A tier as the door knows it: whether its paper passes admit, and its name for the display. */
export type DoorTier = ServerDoorPack['tiers'][number];
export type Jwks = Answer<'/v2/scan/jwks', 'get'>;

export type PairRequest = RequestBody<'/v2/devices/pair', 'post'>;
export type PairedAnswer = Answer<'/v2/devices/pair', 'post'>;

/** The door's words, as the server spells them. */
export type ScanResult = ValidateAnswer['result'];
/** The form a ticket was shown in: `rotating` (a phone's code) or `paper` (its paper pass). */
export type Credential = ValidateAnswer['credential'];
export type RejectReason = NonNullable<ValidateAnswer['reason']>;
/** `out` lets a re-entry venue record an exit so the next `in` admits again. */
export type Direction = ScanView['direction'];
export type RevokedStatus = DoorPack['revoked'][number]['status'];

/** `event: ticket` on the scan feed: a sale, void or transfer (`event: scan` carries a ScanView). */
export type TicketChange = Exclude<EventStreamData<'/v2/scans/stream', 'get'>, ScanView>;

export type CheckInRequest = RequestBody<'/v2/tickets/{id}/check_in', 'post'>;
export type OrderCheckInRequest = RequestBody<'/v2/orders/{id}/check_in', 'post'>;
/** The whole-order answer: each ticket's result, the order's admissions, inside / capacity. */
export type OrderCheckInAnswer = Answer<'/v2/orders/{id}/check_in', 'post'>;
export type LookupQuery = QueryOf<'/v2/scan/lookup', 'get'>;
export type LookupAnswer = Answer<'/v2/scan/lookup', 'get'>;
export type OccupancyAnswer = Answer<'/v2/scan/occupancy', 'get'>;
/** The order of a validated ticket: when admitted < tickets, a door may offer the rest. */
export type OrderAdmissions = NonNullable<ValidateAnswer['order']>;
