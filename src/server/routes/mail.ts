import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { outboundStatus, recentFailureMs } from '../domain/outbound-status.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';
import { Mail, MailListQuery, TestMailBody } from '../schemas/mail.js';
import { OutboundStatus } from '../schemas/outbound-status.js';

/** The mail outbox, for staff (admin only: it shows buyers' addresses), and its counts for every till. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { mailQueue } = app.ctx;
  const tags = ['mail'];

  api.get(
    '/mail',
    {
      schema: {
        operationId: 'listMail',
        tags,
        summary: 'List outgoing mail, oldest first; filter by status',
        querystring: MailListQuery,
        response: { 200: ListOf(ref(Mail)), ...errorResponses },
      },
    },
    async (request) => mailQueue.list(request.query.status, request.query.limit ?? 20, request.query.cursor),
  );

  // Counts only, so every till may read it: a seller learns mail is stuck before a buyer calls.
  api.get(
    '/outbound/status',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'getOutboundStatus',
        tags,
        summary: 'Whether mail and webhooks are going out: counts only, for the box office header',
        response: { 200: OutboundStatus, ...errorResponses },
      },
    },
    async () => {
      const now = app.ctx.now();
      const since = now - recentFailureMs;
      const { deliveries } = app.ctx.webhooks;
      return outboundStatus(
        mailQueue.counts(since),
        mailQueue.serverSetUp,
        deliveries.status(),
        deliveries.failedSince(since),
        now,
      );
    },
  );

  api.get(
    '/mail/:id',
    {
      schema: {
        operationId: 'getMail',
        tags,
        summary: 'One outgoing mail and where it stands',
        params: IdParams('mail'),
        response: { 200: ref(Mail), ...errorResponses },
      },
    },
    async (request) => mailQueue.get(request.params.id),
  );

  api.post(
    '/mail/test',
    {
      schema: {
        operationId: 'createTestMail',
        tags,
        summary:
          'Queue a short test mail to an address, to see the mail server take it (or refuse it, and why)',
        body: TestMailBody,
        response: { 200: ref(Mail), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await mailQueue.sendTest(actionContext(request), request.body.to)),
  );

  api.post(
    '/mail/:id/retry',
    {
      schema: {
        operationId: 'retryMail',
        tags,
        summary: 'Send a failed (or waiting) mail again now, with a fresh set of attempts',
        params: IdParams('mail'),
        response: { 200: ref(Mail), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await mailQueue.retry(actionContext(request), request.params.id)),
  );
}
