import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { requireExportScope, sendCsv, wantsCsv } from '../http/csv.js';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';
import { Mail } from '../schemas/mail.js';
import {
  CheckoutBody,
  Order,
  OrderPatchBody,
  OrdersQuery,
  RefundBody,
  ResendBody,
} from '../schemas/orders.js';
import { OrderCheckInAnswer, OrderCheckInBody } from '../schemas/check-in-by-hand.js';
import { responseJson } from '../schemas/response-json.js';
import { parseIso } from '../time.js';

const parseIsoOrUndefined = (value: string | undefined) =>
  value === undefined ? undefined : parseIso(value);

const mailJson = responseJson(Mail);

const staff = ['box_office'] as const;
/** Roles a signed-in member needs (docs/api.md "Staff"): door staff check guests in but do not sell. */
const sellers = ['manager', 'seller'] as const;
const managers = ['manager'] as const;
/** A kiosk checks out (card or external, public or unlocked tiers) and reads back its own orders. */
const staffOrKiosk = ['box_office', 'kiosk'] as const;

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { checkout, orders, mailQueue, actions, exports } = app.ctx;
  const tags = ['orders'];

  api.post(
    '/orders',
    {
      config: { access: staffOrKiosk, staff: { roles: sellers } },
      schema: {
        operationId: 'createOrder',
        tags,
        summary: 'Checkout: mint one ticket and one attendee per unit, all or nothing',
        body: CheckoutBody,
        response: { 200: ref(Order), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await checkout.place(actionContext(request), request.body, request.apiKey)),
  );

  api.get(
    '/orders',
    {
      config: { access: staff },
      schema: {
        operationId: 'listOrders',
        tags,
        summary:
          'List orders, oldest first (newest first with order=newest_first); filter by event_id, shift_id, payment_method and created_gte/created_lt, search with q',
        querystring: OrdersQuery,
        response: { 200: ListOf(ref(Order)), ...errorResponses },
      },
    },
    async (request, reply) => {
      const search = {
        eventId: request.query.event_id,
        paymentMethod: request.query.payment_method,
        createdFrom: parseIsoOrUndefined(request.query.created_gte),
        createdBefore: parseIsoOrUndefined(request.query.created_lt),
        shiftId: request.query.shift_id,
        q: request.query.q,
      };
      const newestFirst = request.query.order === 'newest_first';
      if (wantsCsv(request, request.query.format)) {
        requireExportScope(request);
        const file = exports.orders(search);
        orders.checkCursor(search, request.query.cursor, newestFirst);
        return sendCsv(reply, file);
      }
      return orders.list(search, request.query.limit ?? 20, request.query.cursor, newestFirst);
    },
  );

  api.get(
    '/orders/:id',
    {
      config: { access: staffOrKiosk },
      schema: {
        operationId: 'getOrder',
        tags,
        summary: 'Get an order with its tickets and refunds',
        params: IdParams('ord'),
        response: { 200: ref(Order), ...errorResponses },
      },
    },
    async (request) => orders.get(request.params.id, request.apiKey),
  );

  api.patch(
    '/orders/:id',
    {
      config: { access: staff, staff: { roles: sellers } },
      schema: {
        operationId: 'updateOrder',
        tags,
        summary:
          "Correct the buyer's name or email (a typo at the till); attendees filled in from the buyer follow",
        params: IdParams('ord'),
        body: OrderPatchBody,
        response: { 200: ref(Order), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await orders.correctBuyer(actionContext(request), request.params.id, request.body)),
  );

  api.post(
    '/orders/:id/refund',
    {
      config: { access: staff, staff: { roles: managers } },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'refundOrder',
        tags,
        summary: "Refund amount_cents, or all that is left; a full refund voids the order's active tickets",
        params: IdParams('ord'),
        body: RefundBody,
        response: { 200: ref(Order), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await orders.refund(actionContext(request), request.params.id, request.body)),
  );

  api.post(
    '/orders/:id/resend',
    {
      config: { access: staff },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'resendOrderMail',
        tags,
        summary:
          "Mail the order's tickets (PDF, wallet links) again, to the buyer or to `email`; answers the queued mail",
        params: IdParams('ord'),
        body: ResendBody,
        response: { 200: ref(Mail), ...errorResponses },
      },
    },
    async (request, reply) => {
      const queued = await actions.run(actionContext(request), mailJson, (tx) =>
        mailQueue.get(orders.resend(tx, request.params.id, request.body)),
      );
      return sendAnswer(reply, queued);
    },
  );

  api.get(
    '/orders/:id/mail',
    {
      config: { access: staff },
      schema: {
        operationId: 'listOrderMail',
        tags,
        summary:
          "The order's confirmation mails (the checkout's and each resend), oldest first, with their delivery state",
        params: IdParams('ord'),
        response: { 200: ListOf(ref(Mail)), ...errorResponses },
      },
    },
    async (request) => {
      orders.require(request.params.id);
      return mailQueue.forOrder(request.params.id);
    },
  );

  api.post(
    '/orders/:id/check_in',
    {
      // A door of the order's event (checked in the service), or the box office.
      config: { access: ['box_office', 'scanner'] },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'checkInOrder',
        tags,
        summary:
          "Admit every active ticket of the order not inside yet, at once (manual check-ins); answers each ticket's result",
        params: IdParams('ord'),
        body: OrderCheckInBody,
        response: { 200: OrderCheckInAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { checkIns, presence } = app.ctx.scan;
      presence.touch(request.apiKey);
      return sendAnswer(
        reply,
        await checkIns.checkInOrder(actionContext(request), request.params.id, request.body, request.apiKey),
      );
    },
  );
}
