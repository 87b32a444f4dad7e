import type { FastifyBaseLogger } from 'fastify';
import type { ServerOptions } from '../config.js';
import type { ActionRunner } from '../domain/action-runner.js';
import { WebhookDeliveriesService } from '../domain/webhook-deliveries.js';
import { WebhookEndpointsService } from '../domain/webhook-endpoints.js';
import type { Lifecycle } from '../lifecycle.js';
import type { Db } from '../store/db.js';
import type { StorageHealth } from '../store/storage-health.js';
import { WebhookDeliveriesRepo } from '../store/webhook-deliveries-repo.js';
import { WebhookEndpointsRepo } from '../store/webhook-endpoints-repo.js';
import { WebhookMessagesRepo } from '../store/webhook-messages-repo.js';
import { serverVersion } from '../version.js';
import { WebhookDispatcher } from './dispatcher.js';
import { EndpointCache } from './endpoint-cache.js';
import { EndpointHealth } from './endpoint-health.js';
import { checkReceiverUrl } from './receiver-address.js';
import { newWebhookSecret } from './secret.js';
import { WebhookFanOut } from './fan-out.js';
import { defaultConcurrency, defaultProbeMs } from './defaults.js';
import { defaultRetryScheduleMs } from './retry-schedule.js';
import { SendBudget } from './send-budget.js';
import { Wakeup } from './wakeup.js';

/** Everything webhooks need, shared by the outbox (fan-out), the routes and the dispatcher. */
export interface Webhooks {
  endpoints: WebhookEndpointsService;
  deliveries: WebhookDeliveriesService;
  fanOut: WebhookFanOut;
  cache: EndpointCache;
  health: EndpointHealth;
  wakeup: Wakeup;
  /** Holds sending back while API traffic saturates the event loop (send-budget.ts). */
  budget: SendBudget;
  repos: {
    endpoints: WebhookEndpointsRepo;
    deliveries: WebhookDeliveriesRepo;
    messages: WebhookMessagesRepo;
  };
}

export function createWebhooks(
  db: Db,
  now: () => number,
  actions: ActionRunner,
  options: Pick<ServerOptions, 'webhookAllowLinkLocal'>,
): Webhooks {
  const repos = {
    endpoints: new WebhookEndpointsRepo(db),
    deliveries: new WebhookDeliveriesRepo(db),
    messages: new WebhookMessagesRepo(db),
  };
  const cache = new EndpointCache(repos.endpoints);
  const health = new EndpointHealth();
  const wakeup = new Wakeup();
  const fanOut = new WebhookFanOut(db, cache, repos.endpoints, repos.messages, repos.deliveries, wakeup, now);
  const budget = new SendBudget();
  return {
    repos,
    cache,
    health,
    wakeup,
    fanOut,
    budget,
    endpoints: new WebhookEndpointsService({
      db,
      now,
      actions,
      repo: repos.endpoints,
      cache,
      fanOut,
      health,
      wakeup,
      checkReceiverUrl: (raw) => checkReceiverUrl(raw, options.webhookAllowLinkLocal ?? false),
      newSecret: newWebhookSecret,
    }),
    deliveries: new WebhookDeliveriesService({
      now,
      actions,
      endpoints: repos.endpoints,
      deliveries: repos.deliveries,
      fanOut,
      health,
      wakeup,
      budget,
    }),
  };
}

/** Starts the dispatcher; it stops (finishing or abandoning attempts) before the store closes. */
export function startWebhookDispatcher(
  ctx: {
    db: Db;
    now: () => number;
    options: ServerOptions;
    lifecycle: Lifecycle;
    webhooks: Webhooks;
    storage: StorageHealth;
  },
  log: FastifyBaseLogger,
): WebhookDispatcher {
  const { webhooks, options } = ctx;
  const dispatcher = new WebhookDispatcher(
    {
      db: ctx.db,
      now: ctx.now,
      endpoints: webhooks.cache,
      fanOut: webhooks.fanOut,
      endpointsRepo: webhooks.repos.endpoints,
      deliveries: webhooks.repos.deliveries,
      health: webhooks.health,
      wakeup: webhooks.wakeup,
      budget: webhooks.budget,
      storage: ctx.storage,
      onError: (err) => log.error({ err }, 'webhook dispatcher'),
    },
    {
      concurrency: options.webhookConcurrency ?? defaultConcurrency,
      probeMs: options.webhookProbeMs ?? defaultProbeMs,
      timeoutMs: 10_000,
      retryScheduleMs: options.webhookRetryScheduleMs ?? defaultRetryScheduleMs,
      allowLinkLocal: options.webhookAllowLinkLocal ?? false,
      pollMs: 5_000,
      batchMs: 5,
      stopGraceMs: 1_000,
      userAgent: `Marquee-Webhooks/${serverVersion}`,
    },
  );
  dispatcher.start();
  ctx.lifecycle.onStop('webhook dispatcher', () => dispatcher.stop());
  return dispatcher;
}
