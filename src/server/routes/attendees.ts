import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { requireExportScope, sendCsv, wantsCsv } from '../http/csv.js';
import { Attendee, AttendeePatchBody, AttendeesQuery } from '../schemas/attendees.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';

const staff = ['box_office'] as const;

export async function attendeeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { attendees, exports } = app.ctx;
  const tags = ['attendees'];

  api.get(
    '/attendees',
    {
      config: { access: staff },
      schema: {
        operationId: 'listAttendees',
        tags,
        summary: "List an event's attendees, oldest first (event_id required)",
        querystring: AttendeesQuery,
        response: { 200: ListOf(ref(Attendee)), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (wantsCsv(request, request.query.format)) {
        requireExportScope(request);
        const file = exports.attendees(request.query.event_id);
        attendees.checkCursor(request.query.event_id, request.query.cursor);
        return sendCsv(reply, file);
      }
      return attendees.list(request.query.event_id, request.query.limit ?? 20, request.query.cursor);
    },
  );

  api.get(
    '/attendees/:id',
    {
      config: { access: staff },
      schema: {
        operationId: 'getAttendee',
        tags,
        summary: 'Get an attendee',
        params: IdParams('atd'),
        response: { 200: ref(Attendee), ...errorResponses },
      },
    },
    async (request) => attendees.get(request.params.id),
  );

  api.patch(
    '/attendees/:id',
    {
      config: { access: staff },
      schema: {
        operationId: 'updateAttendee',
        tags,
        summary: "Correct an attendee's name or email (null clears it)",
        params: IdParams('atd'),
        body: AttendeePatchBody,
        response: { 200: ref(Attendee), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await attendees.update(actionContext(request), request.params.id, request.body ?? {}),
      ),
  );
}
