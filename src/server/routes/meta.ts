import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../schemas/common.js';

const Usage = Type.Object({
  period: Type.String({ description: 'YYYY-MM, UTC' }),
  rest_calls: Type.Integer(),
  free_calls: Type.Integer(),
  billable_calls: Type.Integer(),
  price_per_call_usd: Type.Number(),
  amount_due_usd: Type.Number(),
});

/** Health, the OpenAPI document and usage: the routes about the service itself. */
export async function metaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/health',
    {
      config: { access: 'public', free: true },
      schema: {
        tags: ['meta'],
        summary: 'Liveness; no key needed',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  api.get('/openapi.json', { config: { access: 'public', free: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  api.get(
    '/usage',
    {
      schema: {
        tags: ['meta'],
        summary: "This month's billable REST calls (scan validations, health and webhooks are free)",
        response: { 200: Usage, ...errorResponses },
      },
    },
    async () => app.ctx.usage.view(),
  );
}
