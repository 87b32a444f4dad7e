import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IdParams, errorResponses, ref } from '../schemas/common.js';
import { EventReport, ReportQuery, SalesReport, SalesReportQuery } from '../schemas/reports.js';
import { parseIso } from '../time.js';

/** Reports for the box office (CONTRACT.md "Reports"): admin and box office keys. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { reports, periodSales } = app.ctx;

  api.get(
    '/reports/events/:id',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'getEventReport',
        tags: ['reports'],
        summary: "An event's sales by tier, payment method and channel, refunds, comps, net and admissions",
        params: IdParams('evt'),
        querystring: ReportQuery,
        response: { 200: ref(EventReport), ...errorResponses },
      },
    },
    async (request) => reports.eventReport(request.params.id, request.query.interval_minutes ?? 15),
  );

  api.get(
    '/reports/sales',
    {
      config: { access: ['box_office'] },
      schema: {
        operationId: 'getSalesReport',
        tags: ['reports'],
        summary:
          'Takings between two moments (a month, a season) per event, per month and in total, per currency',
        querystring: SalesReportQuery,
        response: { 200: ref(SalesReport), ...errorResponses },
      },
    },
    async (request) =>
      periodSales.report(parseIso(request.query.from), parseIso(request.query.to), request.query.timezone),
  );
}
