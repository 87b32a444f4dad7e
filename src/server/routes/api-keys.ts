import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { newSecret, scopes, viewApiKey } from '../domain/api-keys.js';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { IdParams, ListOf, ListQuery, FilledText, errorResponses, ref } from '../schemas/common.js';
import { ApiKey, ApiKeyWithSecret } from '../schemas/api-keys.js';
import { responseJson } from '../schemas/response-json.js';

const apiKeyJson = responseJson(ApiKey);
const apiKeyWithSecretJson = responseJson(ApiKeyWithSecret);

const CreateBody = Type.Object(
  {
    name: FilledText({ minLength: 1, maxLength: 100 }),
    scope: Type.Enum([...scopes]),
  },
  { additionalProperties: false },
);

/** Admin only (the default access): keys are the keys to everything else. */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { keys, actions } = app.ctx;
  const tags = ['api keys'];

  api.post(
    '/api_keys',
    {
      schema: {
        operationId: 'createApiKey',
        tags,
        summary: 'Create an API key; the secret is in this answer only',
        body: CreateBody,
        response: { 200: ApiKeyWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name, scope } = request.body;
      const created = await actions.run(actionContext(request), apiKeyWithSecretJson, (tx) => {
        const { key, secret } = keys.create(name, scope, newSecret(), tx);
        return { ...viewApiKey(key), secret };
      });
      return sendAnswer(reply, created);
    },
  );

  api.get(
    '/api_keys',
    {
      schema: {
        operationId: 'listApiKeys',
        tags,
        summary: 'List API keys, oldest first (never their secrets)',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(ref(ApiKey)), ...errorResponses },
      },
    },
    async (request) => keys.list(request.query.limit ?? 20, request.query.cursor),
  );

  api.delete(
    '/api_keys/:id',
    {
      schema: {
        operationId: 'revokeApiKey',
        tags,
        summary: 'Revoke an API key; it stops working at once',
        params: IdParams('key'),
        response: { 200: ref(ApiKey), ...errorResponses },
      },
    },
    async (request, reply) => {
      const revoked = await actions.run(actionContext(request), apiKeyJson, (tx) =>
        viewApiKey(keys.revoke(request.params.id, tx)),
      );
      return sendAnswer(reply, revoked);
    },
  );
}
