import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';
import { DeliveryListQuery, RetryFailedResult, WebhookDelivery, WebhookStatus } from '../schemas/webhooks.js';

/** The delivery log, manual retries and the queue's status; admin only like the endpoints. */
export async function webhookDeliveryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { deliveries } = app.ctx.webhooks;
  const tags = ['webhooks'];

  api.get(
    '/webhook_endpoints/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "An endpoint's deliveries, oldest first (order=newest_first reverses); filter by status",
        params: IdParams('we'),
        querystring: DeliveryListQuery,
        response: { 200: ListOf(ref(WebhookDelivery)), ...errorResponses },
      },
    },
    async (request) =>
      deliveries.list(request.params.id, {
        limit: request.query.limit ?? 20,
        cursor: request.query.cursor,
        status: request.query.status,
        // One cursor binding for both spellings (see DeliveryListQuery).
        order: request.query.order?.startsWith('newest') ? 'newest' : 'oldest',
      }),
  );

  api.post(
    '/webhook_endpoints/:id/retry_failed',
    {
      schema: {
        operationId: 'retryFailedWebhookDeliveries',
        tags,
        summary: 'Send every failed delivery of the endpoint again, now',
        params: IdParams('we'),
        response: { 200: RetryFailedResult, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await deliveries.retryFailed(actionContext(request), request.params.id)),
  );

  api.post(
    '/webhook_deliveries/:id/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        tags,
        summary: 'Attempt a delivery now with a fresh retry schedule (same webhook-id)',
        params: IdParams('dlv'),
        response: { 200: ref(WebhookDelivery), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await deliveries.retry(actionContext(request), request.params.id)),
  );

  api.get(
    '/webhooks/status',
    {
      schema: {
        operationId: 'getWebhookStatus',
        tags,
        summary: 'The webhook queue for the UI: online, queued, failing, failed, oldest pending age',
        response: { 200: WebhookStatus, ...errorResponses },
      },
    },
    async () => deliveries.status(),
  );
}
