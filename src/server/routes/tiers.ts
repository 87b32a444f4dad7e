import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { seesAccessCodes } from '../domain/api-keys.js';
import { ApiError } from '../errors.js';
import { callerOf } from '../http/access.js';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { Deleted, IdParams, ListOf, ListQuery, errorResponses, ref } from '../schemas/common.js';
import { Tier, TierCreateBody, TierPatchBody, type TierPatchInput, type TierView } from '../schemas/tiers.js';

const EventParams = Type.Object(
  { event_id: Type.String({ maxLength: 80 }) },
  { additionalProperties: false },
);

/**
 * A tier's code as the caller may see it: only admin and box office keys read codes (CONTRACT.md
 * "Scopes (amended)"). Only they reach these routes today; this keeps it so if that changes.
 */
function forCaller(request: FastifyRequest, tier: TierView): TierView {
  return seesAccessCodes(callerOf(request).scope) ? tier : { ...tier, access_code: null };
}

export async function tierRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tiers } = app.ctx;
  const tags = ['tiers'];

  api.post(
    '/events/:event_id/tiers',
    {
      schema: {
        operationId: 'createTier',
        tags,
        summary: 'Add a ticket tier to an event (name, price_cents and quantity required)',
        params: EventParams,
        body: TierCreateBody,
        response: { 200: ref(Tier), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await tiers.create(actionContext(request), request.params.event_id, request.body)),
  );

  api.get(
    '/events/:event_id/tiers',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'listTiers',
        tags,
        summary: "List an event's tiers, oldest first",
        params: EventParams,
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(ref(Tier)), ...errorResponses },
      },
    },
    async (request) => {
      const page = tiers.list(request.params.event_id, request.query.limit ?? 20, request.query.cursor);
      return { ...page, data: page.data.map((tier) => forCaller(request, tier)) };
    },
  );

  api.get(
    '/tiers/:id',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'getTier',
        tags,
        summary: 'Get a tier',
        params: IdParams('tkt'),
        response: { 200: ref(Tier), ...errorResponses },
      },
    },
    async (request) => forCaller(request, tiers.get(request.params.id)),
  );

  /**
   * The box office may switch paper passes on and off (a night that turns out to need phones
   * only, a batch of printed passes gone missing); every other tier field stays admin's.
   */
  const checkBoxOfficePatch = (scope: string | undefined, body: TierPatchInput): void => {
    if (scope !== 'box_office') return;
    const others = Object.keys(body).filter((field) => field !== 'paper_pass');
    if (others.length > 0 || body.paper_pass === undefined)
      throw new ApiError(
        403,
        'insufficient_scope',
        `This key has scope 'box_office', which may change only paper_pass on a tier` +
          (others.length > 0
            ? `; ${others.join(', ')} ${others.length === 1 ? 'needs' : 'need'} an admin key.`
            : '.'),
      );
  };

  api.patch(
    '/tiers/:id',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'updateTier',
        tags,
        summary: 'Change a tier (any field but id, event_id and sold; box_office keys: paper_pass only)',
        params: IdParams('tkt'),
        body: TierPatchBody,
        response: { 200: ref(Tier), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      checkBoxOfficePatch(request.apiKey?.scope, body);
      return sendAnswer(reply, await tiers.update(actionContext(request), request.params.id, body));
    },
  );

  api.delete(
    '/tiers/:id',
    {
      schema: {
        operationId: 'deleteTier',
        tags,
        summary: 'Delete a tier; only when nothing is sold (409 tier_has_sales)',
        params: IdParams('tkt'),
        response: { 200: ref(Deleted), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await tiers.delete(actionContext(request), request.params.id)),
  );
}
