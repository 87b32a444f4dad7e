import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { storeMovedMessage } from '../errors.js';
import { errorResponses, Timestamp } from '../schemas/common.js';

const Usage = Type.Object({
  period: Type.String({ description: 'YYYY-MM, UTC' }),
  rest_calls: Type.Integer(),
  free_calls: Type.Integer(),
  billable_calls: Type.Integer(),
  price_per_call_usd: Type.Number(),
  amount_due_usd: Type.Number(),
});

const StorageProblem = Type.Object(
  {
    status: Type.Union([Type.Literal('full'), Type.Literal('moved')], {
      description:
        '`full` while the disk holding the store is full (recovers by itself); `moved` once the ' +
        'store file was deleted or replaced under the running server (until a restart)',
    }),
    code: Type.Union([Type.Literal('insufficient_storage'), Type.Literal('store_unavailable')]),
    since: Timestamp,
    message: Type.String(),
  },
  { description: 'Present only while the store takes no writes' },
);

const OutboundHeld = Type.Object(
  {
    status: Type.Literal('held'),
    other_server: Type.String({ description: "host:port of the server running this venue's data" }),
    message: Type.String(),
  },
  {
    description:
      'Present only while this server holds its webhooks and mail because another server with ' +
      "this venue's data (a spare started from a backup) runs on the LAN",
  },
);

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], {
    description:
      '`ok`, or `degraded` while the server answers but cannot save (see `storage`) or does not ' +
      'send webhooks and mail (see `outbound`)',
  }),
  storage: Type.Optional(StorageProblem),
  outbound: Type.Optional(OutboundHeld),
});

export const storageFullMessage =
  "The venue server's disk is full: sales and changes cannot be saved until space is freed on " +
  'the computer running it. It recovers by itself once there is space.';

type StorageProblemState = NonNullable<FastifyInstance['ctx']['storage']['state']>;

function storageView(problem: StorageProblemState) {
  const since = new Date(problem.since).toISOString();
  if (problem.status === 'full')
    return {
      status: 'full' as const,
      code: 'insufficient_storage' as const,
      since,
      message: storageFullMessage,
    };
  return {
    status: 'moved' as const,
    code: 'store_unavailable' as const,
    since,
    message: storeMovedMessage(problem.change, problem.rescuedTo),
  };
}

/**
 * `{"status":"ok"}` exactly, as the contract has it, while all is well. A full disk is 200
 * `degraded` rather than 503: the server is up and still answers reads (orders, lookups, door
 * packs), and a supervisor that restarts on 503 would only make things worse.
 */
function healthView(ctx: FastifyInstance['ctx']) {
  const problem = ctx.storage.state;
  const outbound = ctx.outbound.view;
  if (!problem && outbound.state !== 'held') return { status: 'ok' as const };
  return {
    status: 'degraded' as const,
    ...(problem && { storage: storageView(problem) }),
    ...(outbound.state === 'held' && {
      outbound: { status: 'held' as const, other_server: outbound.otherServer, message: outbound.message },
    }),
  };
}

/** Health, the OpenAPI document and usage: the routes about the service itself. */
export async function metaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/health',
    {
      config: { access: 'public', free: true },
      schema: {
        operationId: 'getHealth',
        tags: ['meta'],
        summary: 'Liveness and whether the store takes writes; no key needed',
        response: { 200: Health },
      },
    },
    async () => healthView(app.ctx),
  );

  // The document never changes while the server runs: serialized once, not on every request
  // (a generator polling it cost milliseconds of the server's one thread each time).
  let openApiText: string | undefined;
  api.get(
    '/openapi.json',
    { config: { access: 'public', free: true }, schema: { hide: true } },
    async (_request, reply) => {
      openApiText ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(openApiText);
    },
  );

  api.get(
    '/usage',
    {
      schema: {
        operationId: 'getUsage',
        tags: ['meta'],
        summary: "This month's billable REST calls (scan validations, health and webhooks are free)",
        response: { 200: Usage, ...errorResponses },
      },
    },
    async () => app.ctx.usage.view(),
  );
}
