import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { Deleted, IdParams, ListOf, ListQuery, errorResponses, ref } from '../schemas/common.js';
import {
  WebhookEndpoint,
  WebhookEndpointCreateBody,
  WebhookEndpointPatchBody,
  WebhookEndpointWithSecret,
} from '../schemas/webhooks.js';

/** Admin only (the default access): an endpoint receives every sale's details. */
export async function webhookEndpointRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { endpoints } = app.ctx.webhooks;
  const tags = ['webhooks'];

  api.post(
    '/webhook_endpoints',
    {
      schema: {
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Add a webhook receiver; the answer carries its signing secret (shown only here)',
        body: WebhookEndpointCreateBody,
        response: { 200: WebhookEndpointWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await endpoints.create(actionContext(request), request.body)),
  );

  api.get(
    '/webhook_endpoints',
    {
      schema: {
        operationId: 'listWebhookEndpoints',
        tags,
        summary: 'List webhook endpoints, oldest first (without secrets)',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(ref(WebhookEndpoint)), ...errorResponses },
      },
    },
    async (request) => endpoints.list(request.query.limit ?? 20, request.query.cursor),
  );

  api.get(
    '/webhook_endpoints/:id',
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        tags,
        summary: 'Get a webhook endpoint (without its secret)',
        params: IdParams('we'),
        response: { 200: ref(WebhookEndpoint), ...errorResponses },
      },
    },
    async (request) => endpoints.get(request.params.id),
  );

  api.patch(
    '/webhook_endpoints/:id',
    {
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags,
        summary: 'Change url, events, description or status (enabled|disabled)',
        params: IdParams('we'),
        body: WebhookEndpointPatchBody,
        response: { 200: ref(WebhookEndpoint), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await endpoints.update(actionContext(request), request.params.id, request.body ?? {}),
      ),
  );

  api.delete(
    '/webhook_endpoints/:id',
    {
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: IdParams('we'),
        response: { 200: ref(Deleted), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await endpoints.delete(actionContext(request), request.params.id)),
  );

  api.post(
    '/webhook_endpoints/:id/rotate_secret',
    {
      schema: {
        operationId: 'rotateWebhookEndpointSecret',
        tags,
        summary: 'New signing secret; the old one also signs (a second v1 signature) for 24 h',
        params: IdParams('we'),
        response: { 200: WebhookEndpointWithSecret, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await endpoints.rotateSecret(actionContext(request), request.params.id)),
  );
}
