import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';
import { Payout, PayoutCreateBody, PayoutsQuery } from '../schemas/payouts.js';

/** Money to the organiser: admin only (no `access` declared, so the default applies). */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { payouts } = app.ctx;
  const tags = ['payouts'];

  api.post(
    '/payouts',
    {
      schema: {
        operationId: 'createPayout',
        tags,
        summary: "Settle an event's net sales not yet paid out (409 nothing_to_pay_out when none)",
        body: PayoutCreateBody,
        response: { 200: ref(Payout), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await payouts.create(actionContext(request), request.body.event_id)),
  );

  api.get(
    '/payouts',
    {
      schema: {
        operationId: 'listPayouts',
        tags,
        summary: 'List payouts, oldest first; filter by event_id',
        querystring: PayoutsQuery,
        response: { 200: ListOf(ref(Payout)), ...errorResponses },
      },
    },
    async (request) => payouts.list(request.query.event_id, request.query.limit ?? 20, request.query.cursor),
  );

  api.get(
    '/payouts/:id',
    {
      schema: {
        operationId: 'getPayout',
        tags,
        summary: 'Get a payout',
        params: IdParams('pay'),
        response: { 200: ref(Payout), ...errorResponses },
      },
    },
    async (request) => payouts.get(request.params.id),
  );

  api.post(
    '/payouts/:id/mark_paid',
    {
      schema: {
        operationId: 'markPayoutPaid',
        tags,
        summary: 'Record that the payout reached the organiser (again: no-op)',
        params: IdParams('pay'),
        response: { 200: ref(Payout), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await payouts.markPaid(actionContext(request), request.params.id)),
  );

  api.post(
    '/payouts/:id/cancel',
    {
      schema: {
        operationId: 'cancelPayout',
        tags,
        summary: 'Withdraw a payout not yet paid (again: no-op; a paid one: 409 payout_already_paid)',
        params: IdParams('pay'),
        response: { 200: ref(Payout), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await payouts.cancel(actionContext(request), request.params.id)),
  );
}
