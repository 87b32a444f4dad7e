import type { WebhookKind } from '../../shared/webhook-kinds.js';
import type { EndpointCachePort } from '../domain/webhook-port.js';
import {
  parseKinds,
  type WebhookEndpointRow,
  type WebhookEndpointsRepo,
} from '../store/webhook-endpoints-repo.js';

export interface EnabledEndpoint {
  id: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousExpiresAt: number | null;
}

/**
 * The enabled endpoints, held in memory for the dispatcher (and so that Outbox.emit, inside every
 * business transaction, knows without a query whether anyone listens). Whoever writes an
 * endpoint refreshes it after the write commits.
 */
export class EndpointCache implements EndpointCachePort {
  private list: EnabledEndpoint[] = [];
  /** Every kind some enabled endpoint takes; '*' when one takes them all. */
  private kinds: ReadonlySet<string> = new Set();

  constructor(private readonly repo: WebhookEndpointsRepo) {
    this.refresh();
  }

  refresh(): void {
    const rows = this.repo.all().filter((row) => row.status === 'enabled');
    this.list = rows.map(toEnabled);
    this.kinds = new Set(rows.flatMap((row) => parseKinds(row.events)));
  }

  /** Whether an enabled endpoint would get a message of this kind. */
  wants(kind: WebhookKind): boolean {
    return this.kinds.has('*') || this.kinds.has(kind);
  }

  enabled(): readonly EnabledEndpoint[] {
    return this.list;
  }
}

function toEnabled(row: WebhookEndpointRow): EnabledEndpoint {
  return {
    id: row.id,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousExpiresAt: row.previous_expires_at,
  };
}
