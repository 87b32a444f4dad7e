/**
 * Names for the shapes the UI uses, all derived from the generated `src/shared/api/schema.d.ts`
 * (itself generated from the server's route schemas), so no API type is ever written twice.
 */
import type { Answer, RequestBody } from '../../../shared/api/path-types.js';

export type { Answer, ErrorEnvelope, RequestBody } from '../../../shared/api/path-types.js';

export type EventView = Answer<'/v2/events/{id}', 'get'>;
export type EventCreate = RequestBody<'/v2/events', 'post'>;
export type EventPatch = RequestBody<'/v2/events/{id}', 'patch'>;
export type EventStatus = EventView['status'];

export type TierView = Answer<'/v2/tiers/{id}', 'get'>;
export type TierCreate = RequestBody<'/v2/events/{event_id}/tiers', 'post'>;
export type TierPatch = RequestBody<'/v2/tiers/{id}', 'patch'>;
export type Visibility = TierView['visibility'];
/** What a kiosk may sell: public tiers plus those a code unlocked, codes checked by the server. */
export type OfferView = Answer<'/v2/events/{id}/offer', 'get'>;
export type OfferTierView = OfferView['tiers'][number];

export type OrderView = Answer<'/v2/orders/{id}', 'get'>;
export type OrderList = Answer<'/v2/orders', 'get'>;
export type CheckoutBody = RequestBody<'/v2/orders', 'post'>;
export type PaymentMethod = CheckoutBody['payment_method'];
export type RefundView = OrderView['refunds'][number];
export type RefundBody = RequestBody<'/v2/orders/{id}/refund', 'post'>;
export type PayoutView = Answer<'/v2/payouts/{id}', 'get'>;
export type BulkRefundView = Answer<'/v2/events/{id}/refund_all', 'get'>;
export type OutdatedPassesView = Answer<'/v2/events/{id}/outdated_passes', 'get'>;
export type OutdatedVenueView = Answer<'/v2/events/{id}/outdated_venue', 'get'>;
export type RefundMethod = NonNullable<RefundView['method']>;
export type TicketView = Answer<'/v2/tickets/{id}', 'get'>;
export type TransferBody = RequestBody<'/v2/tickets/{id}/transfer', 'post'>;
export type AttendeeView = Answer<'/v2/attendees/{id}', 'get'>;
export type AttendeePatch = RequestBody<'/v2/attendees/{id}', 'patch'>;
export type BuyerPatch = RequestBody<'/v2/orders/{id}', 'patch'>['buyer'];

export type ApiKeyView = Answer<'/v2/api_keys', 'get'>['data'][number];
export type NewApiKey = Answer<'/v2/api_keys', 'post'>;
export type KeyScope = ApiKeyView['scope'];
export type SettingsView = Answer<'/v2/settings', 'get'>;
export type BackupView = Answer<'/v2/backups', 'post'>;
export type PairingView = Answer<'/v2/devices/pairing', 'post'>;
export type PairingBody = RequestBody<'/v2/devices/pairing', 'post'>;
export type DeviceView = Answer<'/v2/devices', 'get'>['data'][number];
export type MailView = Answer<'/v2/mail', 'get'>['data'][number];

export type StaffView = Answer<'/v2/staff', 'post'>;
export type StaffRole = StaffView['role'];
export type StaffCreate = RequestBody<'/v2/staff', 'post'>;
export type StaffPatch = RequestBody<'/v2/staff/{id}', 'patch'>;
export type StaffSession = Answer<'/v2/staff/sign_in', 'post'>;
export type ShiftView = Answer<'/v2/shifts/{id}', 'get'>;
export type ShiftReport = Answer<'/v2/shifts/{id}/report', 'get'>;
export type EventReport = Answer<'/v2/reports/events/{id}', 'get'>;
export type AuditEventView = Answer<'/v2/audit_events', 'get'>['data'][number];
export type SalesReport = Answer<'/v2/reports/sales', 'get'>;
export type OutboundStatusView = Answer<'/v2/outbound/status', 'get'>;
