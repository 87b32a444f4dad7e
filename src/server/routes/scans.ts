import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  EventOccupancy,
  LookupAnswer,
  LookupQuery,
  OccupancyQuery,
  DoorPack,
  DoorPackQuery,
  ScansQuery,
  Scan,
  SyncAnswer,
  SyncBody,
  ValidateAnswer,
  ValidateBody,
} from '../schemas/scans.js';
import { ListOf, errorResponses } from '../schemas/common.js';
import { actionContext, sendAnswer } from '../http/action-context.js';

const doors = ['scanner', 'box_office'] as const;
const tags = ['scanning'];

/** Door validation, offline packs and uploads, and the scan log (CONTRACT.md "Scanning"). */
export async function scanRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { scanning, sync, presence, lookup } = app.ctx.scan;

  api.post(
    '/scan/validate',
    {
      // Scan validations are free of charge (spec "Limits"). A door's work: box_office keys read
      // scans but do not admit anyone (CONTRACT.md "Authentication and keys": "scans read").
      config: { access: ['scanner'], free: true },
      schema: {
        tags,
        summary:
          'Validate a scanned ticket token at the door; the first entry admits, every attempt is recorded',
        body: ValidateBody,
        response: { 200: ValidateAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      presence.touch(request.apiKey);
      return sendAnswer(reply, await scanning.validate(actionContext(request), request.body, request.apiKey));
    },
  );

  api.post(
    '/scan/sync',
    {
      config: { access: ['scanner'], free: true },
      schema: {
        tags,
        summary: 'Upload scans a door made offline (at most 1000); idempotent, with conflicts reported',
        body: SyncBody,
        response: { 200: SyncAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      presence.touch(request.apiKey);
      return sendAnswer(reply, await sync.sync(actionContext(request), request.body, request.apiKey));
    },
  );

  api.get(
    '/scan/door_pack',
    {
      config: { access: ['scanner'] },
      schema: {
        tags,
        summary:
          'Everything a door needs to validate offline; with since, only what changed after that cursor',
        querystring: DoorPackQuery,
        response: { 200: DoorPack, ...errorResponses },
      },
    },
    async (request) => {
      presence.touch(request.apiKey);
      return scanning.doorPack(request.query.event_id, request.query.since, request.apiKey);
    },
  );

  api.get(
    '/scans',
    {
      config: { access: doors },
      schema: {
        tags,
        summary: 'List scan attempts, oldest first',
        querystring: ScansQuery,
        response: { 200: ListOf(Scan), ...errorResponses },
      },
    },
    async (request) => {
      presence.touch(request.apiKey);
      return scanning.list(request.query);
    },
  );

  api.get(
    '/scan/lookup',
    {
      // A door of that event (checked in the service), or the box office.
      config: { access: doors },
      schema: {
        tags,
        summary:
          "Find up to 10 of the event's tickets by part of the attendee name or the start of an order id (never emails)",
        querystring: LookupQuery,
        response: { 200: LookupAnswer, ...errorResponses },
      },
    },
    async (request) => {
      presence.touch(request.apiKey);
      return lookup.lookup(request.query, request.apiKey);
    },
  );

  api.get(
    '/scan/occupancy',
    {
      config: { access: doors },
      schema: {
        tags,
        summary: 'Inside / capacity of an event, with its admissions and manual check-ins so far',
        querystring: OccupancyQuery,
        response: { 200: EventOccupancy, ...errorResponses },
      },
    },
    async (request) => {
      presence.touch(request.apiKey);
      return lookup.occupancy(request.query.event_id, request.apiKey);
    },
  );
}
