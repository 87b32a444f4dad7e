import { webhookKinds } from '../../shared/webhook-kinds.js';
import { invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { Deleted } from '../schemas/common.js';
import { responseJson } from '../schemas/response-json.js';
import {
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  type WebhookEndpointCreateInput,
  type WebhookEndpointPatchInput,
  type WebhookEndpointView,
  type WebhookEndpointWithSecretView,
} from '../schemas/webhooks.js';
import type { Db } from '../store/db.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type {
  EndpointChanges,
  WebhookEndpointRow,
  WebhookEndpointsRepo,
} from '../store/webhook-endpoints-repo.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, ActionTx, Answer } from './action-runner.js';
import type {
  EndpointCachePort,
  EndpointHealthPort,
  ReceiverUrlCheck,
  WakeupPort,
  WebhookFanOutPort,
} from './webhook-port.js';
import { viewEndpoint } from './webhook-views.js';
import { changedFields, type AuditEntry, type AuditValue } from './audit-entry.js';

const endpointAudit = (action: string, id: string, data: Record<string, AuditValue> = {}): AuditEntry => ({
  action,
  objectType: 'webhook_endpoint',
  objectId: id,
  data,
});

/** How long the old secret keeps signing beside the new one after a rotation. */
export const rotationOverlapMs = 24 * 60 * 60 * 1000;

const knownKinds = new Set<string>(webhookKinds);
const endpointJson = responseJson(WebhookEndpoint);
const endpointWithSecretJson = responseJson(WebhookEndpointWithSecret);
const deletedJson = responseJson(Deleted);

export interface WebhookEndpointsDeps {
  db: Db;
  now: () => number;
  actions: ActionRunner;
  repo: WebhookEndpointsRepo;
  cache: EndpointCachePort;
  fanOut: WebhookFanOutPort;
  health: EndpointHealthPort;
  wakeup: WakeupPort;
  /** Refuses receiver URLs on private or metadata addresses (webhooks/receiver-address.ts). */
  checkReceiverUrl: ReceiverUrlCheck;
  /** A new signing secret (`whsec_…`, webhooks/secret.ts). */
  newSecret: () => string;
}

/** `["*"]` alone, or known kinds (duplicates dropped); a bad one is named by its index. */
export function checkKinds(events: readonly string[]): string[] {
  events.forEach((kind, index) => {
    if (kind === '*') {
      if (events.length > 1)
        throw invalidField(
          `events[${index}]`,
          `"*" already means every kind; send ["*"] alone or list kinds without it.`,
        );
      return;
    }
    if (!knownKinds.has(kind))
      throw invalidField(
        `events[${index}]`,
        `Unknown webhook kind '${kind}'. Use "*" or any of: ${webhookKinds.join(', ')}.`,
      );
  });
  return [...new Set(events)];
}

/** Webhook endpoints: who receives which kinds, and with what secret. */
export class WebhookEndpointsService {
  constructor(private readonly deps: WebhookEndpointsDeps) {}

  require(id: string): WebhookEndpointRow {
    const row = this.deps.repo.find(id);
    if (!row) throw notFound('webhook endpoint', id);
    return row;
  }

  get(id: string): WebhookEndpointView {
    return viewEndpoint(this.require(id));
  }

  list(limit: number, cursor: string | undefined): Page<WebhookEndpointView> {
    const list = new ListCursor('webhook_endpoints');
    return toPage(this.deps.repo.page(list.decode(cursor), limit + 1), limit, viewEndpoint, list);
  }

  create(
    action: ActionContext,
    input: WebhookEndpointCreateInput,
  ): Promise<Answer<WebhookEndpointWithSecretView>> {
    const url = this.deps.checkReceiverUrl(input.url);
    const events = checkKinds(input.events);
    return this.write(action, endpointWithSecretJson, (tx) => {
      const at = this.deps.now();
      const row: Omit<WebhookEndpointRow, 'seq'> = {
        id: newId('webhookEndpoint'),
        url,
        description: input.description ?? null,
        events: JSON.stringify(events),
        status: 'enabled',
        disabled_reason: null,
        secret: this.deps.newSecret(),
        previous_secret: null,
        previous_expires_at: null,
        last_success_at: null,
        last_failure_at: null,
        // Messages from now on; what happened before the endpoint existed is not sent.
        fanout_seq: this.deps.fanOut.lastSeq(),
        created_at: at,
        updated_at: at,
      };
      this.deps.repo.insert(row);
      // The receiver's host only: a URL's path or query may carry the receiver's own token.
      tx.audit(endpointAudit('webhook_endpoint.created', row.id, { host: new URL(url).host, events }));
      return { ...viewEndpoint({ ...row, seq: 0 }), secret: row.secret };
    });
  }

  /**
   * Disabling keeps pending deliveries (they wait, unsent) and stops new ones; enabling sends
   * what waited, and messages from then on. A new URL or re-enabling forgets the old "offline"
   * verdict.
   */
  async update(
    action: ActionContext,
    id: string,
    input: WebhookEndpointPatchInput,
  ): Promise<Answer<WebhookEndpointView>> {
    const changes: EndpointChanges = {
      url: input.url === undefined ? undefined : this.deps.checkReceiverUrl(input.url),
      events: input.events === undefined ? undefined : JSON.stringify(checkKinds(input.events)),
      description: input.description,
    };
    const answer = await this.write(action, endpointJson, (tx) => {
      const current = this.require(id);
      // What was written until now goes out under the old filter and status.
      this.deps.fanOut.catchUp();
      if (input.status !== undefined && input.status !== current.status) {
        changes.status = input.status;
        changes.disabled_reason = input.status === 'disabled' ? 'manual' : null;
        // Back on: from now on, like a new endpoint; messages of the disabled time are not sent.
        if (input.status === 'enabled') changes.fanout_seq = this.deps.fanOut.lastSeq();
      }
      // undefined leaves a field as it is; a null description clears it.
      this.deps.repo.update(id, changes, this.deps.now());
      tx.audit(endpointAudit('webhook_endpoint.updated', id, { changed: changedFields(input) }));
      return viewEndpoint(this.require(id));
    });
    if (input.url !== undefined || input.status === 'enabled') {
      this.deps.health.reset(id);
      this.deps.wakeup.ring();
    }
    return answer;
  }

  delete(action: ActionContext, id: string): Promise<Answer<{ id: string; deleted: true }>> {
    return this.write(action, deletedJson, (tx) => {
      if (!this.deps.repo.delete(id)) throw notFound('webhook endpoint', id);
      tx.audit(endpointAudit('webhook_endpoint.deleted', id));
      return { id, deleted: true };
    });
  }

  /** A new secret; the old one still signs (a second `v1,` signature) for 24 hours. */
  rotateSecret(action: ActionContext, id: string): Promise<Answer<WebhookEndpointWithSecretView>> {
    return this.write(action, endpointWithSecretJson, (tx) => {
      const current = this.require(id);
      const at = this.deps.now();
      const secret = this.deps.newSecret();
      this.deps.repo.update(
        id,
        {
          secret,
          previous_secret: current.secret,
          previous_expires_at: at + rotationOverlapMs,
        },
        at,
      );
      tx.audit(endpointAudit('webhook_endpoint.secret_rotated', id));
      return { ...viewEndpoint(this.require(id)), secret };
    });
  }

  /**
   * The cache that Outbox.emit reads is refreshed in the write's transaction, so the actions
   * batched after it already see the change, and again once it has committed or rolled back.
   */
  private async write<T>(
    action: ActionContext,
    answer: (value: T) => string,
    fn: (tx: ActionTx) => T,
  ): Promise<Answer<T>> {
    try {
      return await this.deps.actions.run(action, answer, (tx) => {
        const value = fn(tx);
        this.deps.cache.refresh();
        return value;
      });
    } finally {
      this.deps.cache.refresh();
    }
  }
}
