import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AuditEvent, AuditQuery } from '../schemas/audit.js';
import { ListOf, errorResponses, ref } from '../schemas/common.js';

/** The audit trail (CONTRACT.md "Audit"): admin keys only, like the keys and devices it names. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { audit } = app.ctx;

  api.get(
    '/audit_events',
    {
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        summary: 'Every change made through the API, with who made it; oldest first',
        description:
          '`object_id=ord_…` answers the order and everything of it (tickets, refunds, attendees); `actor` matches an API key, device or staff id.',
        querystring: AuditQuery,
        response: { 200: ListOf(ref(AuditEvent)), ...errorResponses },
      },
    },
    async (request) => audit.list(request.query),
  );
}
