import type { WebhookKind } from '../../shared/webhook-kinds.js';
import type { WebhookEndpointRow, WebhookEndpointsRepo } from '../store/webhook-endpoints-repo.js';

export interface EnabledEndpoint {
  id: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousExpiresAt: number | null;
  /** null = every kind ("*"). */
  kinds: ReadonlySet<string> | null;
}

/**
 * The enabled endpoints, held in memory so that Outbox.emit, which runs inside every business
 * transaction, costs no query to find who gets a message. Whoever writes an endpoint refreshes
 * it after the write commits.
 */
export class EndpointCache {
  private list: EnabledEndpoint[] = [];
  private readonly byKind = new Map<string, EnabledEndpoint[]>();

  constructor(private readonly repo: WebhookEndpointsRepo) {
    this.refresh();
  }

  refresh(): void {
    this.list = this.repo
      .all()
      .filter((row) => row.status === 'enabled')
      .map(toEnabled);
    this.byKind.clear();
  }

  enabled(): readonly EnabledEndpoint[] {
    return this.list;
  }

  find(id: string): EnabledEndpoint | undefined {
    return this.list.find((endpoint) => endpoint.id === id);
  }

  matching(kind: WebhookKind): readonly EnabledEndpoint[] {
    let hit = this.byKind.get(kind);
    if (!hit) {
      hit = this.list.filter((e) => e.kinds === null || e.kinds.has(kind));
      this.byKind.set(kind, hit);
    }
    return hit;
  }
}

export function parseKinds(events: string): string[] {
  return JSON.parse(events) as string[];
}

function toEnabled(row: WebhookEndpointRow): EnabledEndpoint {
  const kinds = parseKinds(row.events);
  return {
    id: row.id,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousExpiresAt: row.previous_expires_at,
    kinds: kinds.includes('*') ? null : new Set(kinds),
  };
}
