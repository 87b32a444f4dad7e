import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { errorResponses } from '../schemas/common.js';
import { responseJson } from '../schemas/response-json.js';
import { Jwks } from '../schemas/door-pack.js';

const Rotated = Type.Object({ active_kid: Type.String(), ...Jwks.properties });
const rotatedJson = responseJson(Rotated);

/** The ticket-token public keys (no key needed: door devices fetch them) and key rotation. */
export async function scanKeyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { signingKeys, actions } = app.ctx;

  api.get(
    '/scan/jwks',
    {
      config: { access: 'public', free: true },
      schema: {
        operationId: 'getScanKeys',
        tags: ['scanning'],
        summary: 'Public keys that verify ticket tokens (JWKS)',
        response: { 200: Jwks },
      },
    },
    async () => signingKeys.jwks(),
  );

  api.post(
    '/scan/keys/rotate',
    {
      schema: {
        operationId: 'rotateScanKey',
        tags: ['scanning'],
        summary: 'Start signing tokens with a new key; the old one stays in the JWKS until its tokens expire',
        response: { 200: Rotated, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rotated = await actions.run(actionContext(request), rotatedJson, (tx) => {
        const { kid, keys } = signingKeys.rotate((effect) => tx.afterCommit(effect));
        tx.audit({ action: 'scan_key.rotated', objectType: 'scan_key', objectId: kid });
        return { active_kid: kid, keys };
      });
      return sendAnswer(reply, rotated);
    },
  );
}
