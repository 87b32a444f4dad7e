import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../http/access.js';
import { IdParams, errorResponses, ref } from '../schemas/common.js';
import { Offer, OfferQuery } from '../schemas/offer.js';

const tags = ['kiosk'];

const AttendantCheckBody = Type.Object(
  { pin: Type.String({ minLength: 1, maxLength: 32, description: 'What the attendant typed' }) },
  { additionalProperties: false },
);

/**
 * What the customer-facing kiosk needs beyond checkout and its own orders (CONTRACT.md "Scopes
 * (amended)"; docs/api.md "The kiosk scope"): the public offer with server-side access codes, and
 * the attendant's PIN check before a card payment is approved.
 */
export async function kioskRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { offer, attendantPin } = app.ctx;

  api.get(
    '/events/:id/offer',
    {
      config: { access: ['kiosk', 'box_office'] },
      schema: {
        operationId: 'getEventOffer',
        tags,
        summary:
          "An event's public tiers plus those a correct access_code unlocks, with sale state; never any code",
        description:
          'A kiosk sees published events only (404 otherwise). A code that unlocks nothing is 400 invalid_access_code; 10 wrong codes per key in 10 minutes lock code checks (429) until the window ends.',
        params: IdParams('evt'),
        querystring: OfferQuery,
        response: { 200: ref(Offer), ...errorResponses },
      },
    },
    // A blank code field (`?access_code=`) asks for the public offer, as no code does.
    async (request) =>
      offer.offer(request.params.id, request.query.access_code || undefined, callerOf(request)),
  );

  api.post(
    '/kiosk/attendant_check',
    {
      config: { access: ['kiosk'] },
      schema: {
        operationId: 'checkAttendantPin',
        tags,
        summary: "Check the attendant PIN a kiosk's card approval needs",
        description:
          '400 invalid_attendant_pin when wrong, 409 attendant_pin_not_set when no PIN is set; 5 wrong PINs per key in 15 minutes lock it (429) until the window ends.',
        body: AttendantCheckBody,
        response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await attendantPin.check(request.body.pin, callerOf(request).id);
      return { ok: true as const };
    },
  );
}
