import type { FastifyInstance } from 'fastify';
import { ApiKey } from './api-keys.js';
import { Attendee } from './attendees.js';
import { Backup } from './backups.js';
import { AuditEvent } from './audit.js';
import { EventReport, SalesReport } from './reports.js';
import { Deleted, ErrorResponse, schemaId } from './common.js';
import { Device } from './devices.js';
import { Event } from './events.js';
import { Mail } from './mail.js';
import { Offer, OfferTier } from './offer.js';
import { OutdatedPasses } from './outdated-passes.js';
import { OutdatedVenue } from './outdated-venue.js';
import { BulkRefund, Order, Refund } from './orders.js';
import { Payout } from './payouts.js';
import { DoorAttendee, DoorTicket, DoubleAdmission, FeedTicketChange, Scan } from './scans.js';
import { Settings } from './settings.js';
import { Shift, ShiftReport } from './shifts.js';
import { Staff, StaffSession, StaffSignIn } from './staff.js';
import { Ticket } from './tickets.js';
import { Tier } from './tiers.js';
import { WebhookDelivery, WebhookEndpoint } from './webhooks.js';

/**
 * The schemas that are named components of the OpenAPI document (`#/components/schemas/<$id>`):
 * the resources, so generated clients get one `Event`, `Order`, `Ticket`… type instead of a copy
 * per operation. Routes answer them with `ref(Schema)`; a schema nested in another (Ticket in
 * Order) keeps its `$id` and becomes a reference there too. Only response schemas: a request
 * schema with an `$id` would be registered with Ajv twice when two routes share it.
 */
export const componentSchemas = [
  ErrorResponse,
  Deleted,
  ApiKey,
  Event,
  Backup,
  Tier,
  Offer,
  OfferTier,
  Order,
  Refund,
  BulkRefund,
  OutdatedPasses,
  OutdatedVenue,
  Ticket,
  Attendee,
  DoubleAdmission,
  Scan,
  FeedTicketChange,
  DoorTicket,
  DoorAttendee,
  Device,
  Mail,
  Payout,
  WebhookEndpoint,
  WebhookDelivery,
  Settings,
  Staff,
  StaffSignIn,
  StaffSession,
  Shift,
  ShiftReport,
  AuditEvent,
  EventReport,
  SalesReport,
];

/** The components by `$id`, as Fastify hands shared schemas to its serializer compiler. */
export const componentsById = () =>
  Object.fromEntries(componentSchemas.map((schema) => [schemaId(schema), schema]));

/** Lets route schemas reference the components by `$id` (Fastify's shared schemas). */
export function registerComponents(app: FastifyInstance): void {
  for (const schema of componentSchemas) app.addSchema(schema);
}
