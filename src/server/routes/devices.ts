import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Device, PairBody, Paired, Pairing, PairingBody } from '../schemas/devices.js';
import { IdParams, ListOf, ListQuery, errorResponses, ref } from '../schemas/common.js';
import { Type } from 'typebox';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';
import { actionContext, sendAnswer } from '../http/action-context.js';

const tags = ['devices'];

/** Pairing door devices and tills, and keeping track of them. Admin only, but for pair itself. */
export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { devices } = app.ctx.scan;

  api.post(
    '/devices/pairing',
    {
      // Every field is optional: no body at all means a scanner pairing for any event.
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'startDevicePairing',
        tags,
        summary: 'Start pairing a device: a one-time token (5 minutes) and a QR code carrying it',
        body: PairingBody,
        response: { 200: Pairing, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await devices.startPairing(actionContext(request), request.body)),
  );

  api.post(
    '/devices/pair',
    {
      // The device has no key yet: the pairing token is its credential.
      config: { access: 'public' },
      schema: {
        operationId: 'pairDevice',
        tags,
        summary: 'Trade a pairing token for a device and its API key (no key needed)',
        security: [],
        body: PairBody,
        response: { 200: Paired, ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await devices.pair(actionContext(request), request.body)),
  );

  api.get(
    '/devices',
    {
      schema: {
        operationId: 'listDevices',
        tags,
        summary: 'List paired devices with their last contact, oldest first',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(ref(Device)), ...errorResponses },
      },
    },
    async (request) => devices.list(request.query.limit ?? 20, request.query.cursor),
  );

  api.get(
    '/devices/:id',
    {
      schema: {
        operationId: 'getDevice',
        tags,
        summary: 'Get a device',
        params: IdParams('dev'),
        response: { 200: ref(Device), ...errorResponses },
      },
    },
    async (request) => devices.get(request.params.id),
  );

  api.delete(
    '/devices/:id',
    {
      schema: {
        operationId: 'revokeDevice',
        tags,
        summary: 'Revoke a device: its key stops working at once and its scan feed closes',
        params: IdParams('dev'),
        response: { 200: ref(Device), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await devices.revoke(actionContext(request), request.params.id)),
  );
}
