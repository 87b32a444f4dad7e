import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { IdParams, ListOf, ListQuery, errorResponses, ref } from '../schemas/common.js';
import {
  Event,
  EventCancelBody,
  EventCreateBody,
  EventPatchBody,
  holdersNotifiedHeader,
} from '../schemas/events.js';
import { BulkRefund, RefundAllBody } from '../schemas/orders.js';
import { OutdatedPasses } from '../schemas/outdated-passes.js';
import { OutdatedVenue } from '../schemas/outdated-venue.js';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';

/** A kiosk reads published events only (EventsService publishedOnly). */
const readers = ['box_office', 'kiosk'] as const;
const kioskView = (request: FastifyRequest): boolean => request.apiKey?.scope === 'kiosk';

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { events, orders, outdatedPasses, outdatedVenue } = app.ctx;
  const tags = ['events'];

  api.post(
    '/events',
    {
      schema: {
        operationId: 'createEvent',
        tags,
        summary: 'Create an event (status draft); tickets[] become its tiers',
        body: EventCreateBody,
        response: { 200: ref(Event), ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await events.create(actionContext(request), request.body)),
  );

  api.get(
    '/events',
    {
      config: { access: readers },
      schema: {
        operationId: 'listEvents',
        tags,
        summary: 'List events, oldest first',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(ref(Event)), ...errorResponses },
      },
    },
    async (request) => events.list(request.query.limit ?? 20, request.query.cursor, kioskView(request)),
  );

  api.get(
    '/events/:id',
    {
      config: { access: readers },
      schema: {
        operationId: 'getEvent',
        tags,
        summary: 'Get an event',
        params: IdParams('evt'),
        response: { 200: ref(Event), ...errorResponses },
      },
    },
    async (request) => events.get(request.params.id, kioskView(request)),
  );

  api.patch(
    '/events/:id',
    {
      schema: {
        operationId: 'updateEvent',
        tags,
        summary: 'Change an event',
        params: IdParams('evt'),
        body: EventPatchBody,
        response: { 200: ref(Event), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await events.update(actionContext(request), request.params.id, request.body ?? {})),
  );

  api.post(
    '/events/:id/publish',
    {
      schema: {
        operationId: 'publishEvent',
        tags,
        summary: 'Publish a draft event (puts it on sale from on_sale_at)',
        params: IdParams('evt'),
        response: { 200: ref(Event), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await events.publish(actionContext(request), request.params.id)),
  );

  api.post(
    '/events/:id/cancel',
    {
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'cancelEvent',
        tags,
        summary: 'Cancel an event: sales and admissions stop; the ticket holders are mailed (once)',
        params: IdParams('evt'),
        body: EventCancelBody,
        response: { 200: ref(Event), ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await events.cancel(actionContext(request), request.params.id, request.body);
      // The body stays the contract's Event; how many holders were mailed rides beside it.
      if (answer.holdersNotified !== null)
        reply.header(holdersNotifiedHeader, String(answer.holdersNotified));
      return sendAnswer(reply, answer);
    },
  );

  api.get(
    '/events/:id/refund_all',
    {
      schema: {
        operationId: 'getEventRefundPreview',
        tags,
        summary: 'What refunding every paid order of the event would move (orders, amount), before doing it',
        params: IdParams('evt'),
        response: { 200: ref(BulkRefund), ...errorResponses },
      },
    },
    async (request) => orders.refundable(request.params.id),
  );

  api.get(
    '/events/:id/outdated_passes',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'listOutdatedPasses',
        tags,
        summary:
          "The orders and transferred tickets whose holders' newest paper pass expires before the doors (after a move more than a day later)",
        params: IdParams('evt'),
        response: { 200: ref(OutdatedPasses), ...errorResponses },
      },
    },
    async (request) => outdatedPasses.forEvent(request.params.id),
  );

  api.get(
    '/events/:id/outdated_venue',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'listOutdatedVenue',
        tags,
        summary:
          "The orders whose buyers were sold a ticket before the event's latest venue change and not mailed since",
        params: IdParams('evt'),
        response: { 200: ref(OutdatedVenue), ...errorResponses },
      },
    },
    async (request) => outdatedVenue.forEvent(request.params.id),
  );

  api.post(
    '/events/:id/refund_all',
    {
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'refundEventOrders',
        tags,
        summary:
          'Refund everything still paid on every order of a cancelled event, in one transaction; answers the counts',
        params: IdParams('evt'),
        body: RefundAllBody,
        response: { 200: ref(BulkRefund), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await orders.refundAll(actionContext(request), request.params.id, request.body)),
  );
}
