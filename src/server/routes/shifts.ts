import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/access.js';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { sendCsv, wantsCsv } from '../http/csv.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';
import {
  Shift,
  ShiftCloseBody,
  ShiftOpenBody,
  ShiftReport,
  ShiftReportQuery,
  ShiftsQuery,
} from '../schemas/shifts.js';

const till = ['box_office'] as const;
/** Someone answers for the drawer: a signed-in manager or seller, whatever the key. */
const cashier = { session: 'required', roles: ['manager', 'seller'] } as const;

export async function shiftRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { shifts } = app.ctx;
  const tags = ['shifts'];

  api.post(
    '/shifts',
    {
      config: { access: till, staff: cashier },
      schema: {
        operationId: 'openShift',
        tags,
        summary: 'Open a shift on this till with its cash float (409 shift_already_open while one is open)',
        body: ShiftOpenBody,
        response: { 200: ref(Shift), ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await shifts.open(actionContext(request), request.body)),
  );

  api.get(
    '/shifts',
    {
      config: { access: till },
      schema: {
        operationId: 'listShifts',
        tags,
        summary:
          'List shifts of every till, oldest first (newest first with order=newest_first); filter by status and by till',
        querystring: ShiftsQuery,
        response: { 200: ListOf(ref(Shift)), ...errorResponses },
      },
    },
    async (request) => {
      const { status, api_key_id: apiKeyId, limit, cursor, order } = request.query;
      return shifts.list({ status, apiKeyId, newestFirst: order === 'newest_first' }, limit ?? 20, cursor);
    },
  );

  api.get(
    '/shifts/current',
    {
      config: { access: till },
      schema: {
        operationId: 'getCurrentShift',
        tags,
        summary: "This till's open shift (404 resource_missing when none is open)",
        response: { 200: ref(Shift), ...errorResponses },
      },
    },
    async (request) => shifts.current(callerOf(request).id),
  );

  api.get(
    '/shifts/:id',
    {
      config: { access: till },
      schema: {
        operationId: 'getShift',
        tags,
        summary: 'Get a shift, with the name of its till',
        params: IdParams('shf'),
        response: { 200: ref(Shift), ...errorResponses },
      },
    },
    async (request) => shifts.getNamed(request.params.id),
  );

  api.get(
    '/shifts/:id/report',
    {
      config: { access: till },
      schema: {
        operationId: 'getShiftReport',
        tags,
        summary:
          'The X report of an open shift as of now (it stays open), or the Z report kept when it closed; as CSV with format=csv',
        params: IdParams('shf'),
        querystring: ShiftReportQuery,
        response: { 200: ref(ShiftReport), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (wantsCsv(request, request.query.format)) return sendCsv(reply, shifts.reportCsv(request.params.id));
      return reply.type('application/json; charset=utf-8').send(shifts.reportJson(request.params.id));
    },
  );

  api.post(
    '/shifts/:id/close',
    {
      config: { access: till, staff: cashier },
      schema: {
        operationId: 'closeShift',
        tags,
        summary: 'Close with the counted cash; answers the Z report (409 shift_closed when already closed)',
        params: IdParams('shf'),
        body: ShiftCloseBody,
        response: { 200: ref(ShiftReport), ...errorResponses },
      },
    },
    async (request, reply) => {
      const sent = sendAnswer(
        reply,
        await shifts.close(actionContext(request), request.params.id, request.body),
      );
      // The night's backup, once the Z report has been answered (domain/automatic-backups.ts). Here
      // in the handler, not in a hook on the answer: a retry with the same Idempotency-Key is
      // answered before the handler runs (http/idempotency.ts), so it starts no second backup.
      request.server.ctx.automaticBackups.afterShiftClosed(request.log);
      return sent;
    },
  );
}
