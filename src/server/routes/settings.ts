import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { errorResponses, ref } from '../schemas/common.js';
import { Settings, SettingsPatchBody } from '../schemas/settings.js';

/**
 * Venue settings. Reading is open to box-office keys too (a till prints the venue name on
 * receipts); changing them is admin only (the default access).
 */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { settings } = app.ctx;
  const tags = ['settings'];

  api.get(
    '/settings',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'getSettings',
        tags,
        summary: 'Get the venue settings',
        response: { 200: ref(Settings), ...errorResponses },
      },
    },
    async () => settings.view(),
  );

  api.patch(
    '/settings',
    {
      schema: {
        operationId: 'updateSettings',
        tags,
        summary: 'Change venue settings (admin)',
        body: SettingsPatchBody,
        response: { 200: ref(Settings), ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await settings.update(actionContext(request), request.body)),
  );
}
