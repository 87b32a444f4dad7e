import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LookupAnswer, LookupQuery } from '../schemas/check-in-by-hand.js';
import { DoorPack, DoorPackQuery, DoorPackWire } from '../schemas/door-pack.js';
import {
  EventOccupancy,
  OccupancyQuery,
  ScansQuery,
  Scan,
  SyncAnswer,
  SyncBody,
  ValidateAnswer,
  ValidateBody,
} from '../schemas/scans.js';
import { ListOf, errorResponses, ref } from '../schemas/common.js';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { requireExportScope, sendCsv, wantsCsv } from '../http/csv.js';
import { responseJson } from '../schemas/response-json.js';
import { createGzip } from 'node:zlib';

const doors = ['scanner', 'box_office'] as const;
const doorPackJson = responseJson(DoorPackWire);
/**
 * gzip's fastest level: a whole pack with 100,000 names is ~8 MB of JSON, ~2.6 MB at level 1
 * against ~2.3 MB at level 6 (bench/door-lookup.ts) in about half the time. What a door on venue Wi-Fi downloads.
 */
const packGzipLevel = 1;

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
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
        operationId: 'validateScan',
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
        operationId: 'syncScans',
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
        operationId: 'getDoorPack',
        tags,
        summary:
          'Everything a door needs to validate offline; with since, only what changed after that cursor',
        querystring: DoorPackQuery,
        response: { 200: DoorPack, ...errorResponses },
      },
    },
    async (request, reply) => {
      presence.touch(request.apiKey);
      const { event_id: eventId, since, holders } = request.query;
      const pack = scanning.doorPack(eventId, since, request.apiKey, holders !== false);
      // Serialized here, once (Fastify sends a string as it is), with holders left to
      // JSON.stringify (schemas/scans.ts DoorPackWire).
      const json = doorPackJson(pack);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(json);
      // Streamed: the first compressed chunks leave while the rest is compressed (fetch and the
      // SDK's transport inflate it).
      const gzip = createGzip({ level: packGzipLevel });
      gzip.end(json);
      return reply.header('content-encoding', 'gzip').send(gzip);
    },
  );

  api.get(
    '/scans',
    {
      config: { access: doors },
      schema: {
        operationId: 'listScans',
        tags,
        summary: 'List scan attempts, oldest first',
        querystring: ScansQuery,
        response: { 200: ListOf(ref(Scan)), ...errorResponses },
      },
    },
    async (request, reply) => {
      presence.touch(request.apiKey);
      const { query } = request;
      if (wantsCsv(request, query.format)) {
        requireExportScope(request);
        const filter = {
          event_id: query.event_id,
          device_id: query.device_id,
          ticket_id: query.ticket_id,
          result: query.result,
        };
        const file = app.ctx.exports.scans(filter);
        scanning.checkCursor(query, request.apiKey ?? null);
        return sendCsv(reply, file);
      }
      return scanning.list(query, request.apiKey ?? null);
    },
  );

  api.get(
    '/scan/lookup',
    {
      // A door of that event (checked in the service), or the box office.
      config: { access: doors },
      schema: {
        operationId: 'findTickets',
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
        operationId: 'getOccupancy',
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
