import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';
import { IdParams, errorResponses, ref } from '../schemas/common.js';
import { Mail } from '../schemas/mail.js';
import { responseJson } from '../schemas/response-json.js';
import { Ticket, TicketResendBody, TransferBody, VoidBody } from '../schemas/tickets.js';
import { CheckInBody } from '../schemas/check-in-by-hand.js';
import { ValidateAnswer } from '../schemas/scans.js';

const staff = ['box_office'] as const;
/** A kiosk reads the tickets of its own orders (404 for any other), for the customer's receipt. */
const staffOrKiosk = ['box_office', 'kiosk'] as const;
const mailJson = responseJson(Mail);

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tickets, actions, mailQueue, ticketReprints } = app.ctx;
  const tags = ['tickets'];

  api.get(
    '/tickets/:id',
    {
      config: { access: staffOrKiosk },
      schema: {
        operationId: 'getTicket',
        tags,
        summary: 'Get a ticket with a fresh qr_token',
        params: IdParams('tik'),
        response: { 200: ref(Ticket), ...errorResponses },
      },
    },
    // Sent as the serialized answer, which TicketAnswers keeps between requests.
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(tickets.getJson(request.params.id, request.apiKey)),
  );

  api.post(
    '/tickets/:id/transfer',
    {
      config: { access: staff, staff: { roles: ['manager', 'seller'] } },
      schema: {
        operationId: 'transferTicket',
        tags,
        summary: "Transfer to someone else: answers the recipient's new ticket and emails them its QR",
        params: IdParams('tik'),
        body: TransferBody,
        response: { 200: ref(Ticket), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await tickets.transfer(actionContext(request), request.params.id, request.body)),
  );

  api.post(
    '/tickets/:id/resend',
    {
      config: { access: staff },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'resendTicketMail',
        tags,
        summary:
          "Mail a transfer's recipient their ticket again, to their email or to `email`; answers the queued mail",
        params: IdParams('tik'),
        body: TicketResendBody,
        response: { 200: ref(Mail), ...errorResponses },
      },
    },
    async (request, reply) => {
      const queued = await actions.run(actionContext(request), mailJson, (tx) =>
        mailQueue.get(tickets.resend(tx, request.params.id, request.body)),
      );
      return sendAnswer(reply, queued);
    },
  );

  api.post(
    '/tickets/:id/reprint',
    {
      config: { access: staff, staff: { roles: ['manager', 'seller'] } },
      schema: {
        operationId: 'reprintTicket',
        tags,
        summary:
          "Print a ticket's slip again: records the print and answers the ticket, its paper_pass signed under the doors now",
        params: IdParams('tik'),
        response: { 200: ref(Ticket), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await ticketReprints.reprint(actionContext(request), request.params.id)),
  );

  api.post(
    '/tickets/:id/void',
    {
      // Voiding gives money back: a manager's, like a refund.
      config: { access: staff, staff: { roles: ['manager'] } },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'voidTicket',
        tags,
        summary: 'Void a ticket (irreversible); refunds its price unless refund is false',
        params: IdParams('tik'),
        body: VoidBody,
        response: { 200: ref(Ticket), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await tickets.void(actionContext(request), request.params.id, request.body)),
  );

  api.post(
    '/tickets/:id/check_in',
    {
      // A door of the ticket's event (checked in the service), or the box office.
      config: { access: ['box_office', 'scanner'] },
      schema: {
        operationId: 'checkInTicket',
        tags,
        summary:
          "Check a holder in by hand (found by name or order), with the steward's reason; answers as a validation does",
        params: IdParams('tik'),
        body: CheckInBody,
        response: { 200: ValidateAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { checkIns, presence } = app.ctx.scan;
      presence.touch(request.apiKey);
      return sendAnswer(
        reply,
        await checkIns.checkIn(actionContext(request), request.params.id, request.body, request.apiKey),
      );
    },
  );
}
