import { createHash } from 'node:crypto';
import { apiScopes } from '../../shared/api-scopes.js';
import { conflict, notFound } from '../errors.js';
import { newId, randomBase62 } from '../ids.js';
import type { Db } from '../store/db.js';
import type { ActionTx } from './action-runner.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import { toIso } from '../time.js';
import type { AuditEntry } from './audit-entry.js';

export const scopes = apiScopes;
export type Scope = (typeof scopes)[number];

/**
 * Tier access codes are staff knowledge: admin and box office see them, every other key sees
 * `null` (CONTRACT.md "Scopes (amended)"). Codes are compared on the server (checkout, offer).
 */
export const seesAccessCodes = (scope: Scope): boolean => scope === 'admin' || scope === 'box_office';

export interface ApiKeyRecord {
  id: string;
  name: string;
  scope: Scope;
  last4: string;
  createdAt: number;
  revokedAt: number | null;
}

/** Who is asking, as a service needs to know it: null when no key was involved. */
export type Caller = Pick<ApiKeyRecord, 'id' | 'scope'> | null;

interface ApiKeyRow {
  id: string;
  name: string;
  scope: Scope;
  last4: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ApiKeyView {
  id: string;
  name: string;
  scope: Scope;
  /** The last four characters, so staff can tell keys apart without the secret. */
  last4: string;
  created_at: string;
  revoked_at: string | null;
}

export const newSecret = (): string => `sk_live_${randomBase62(32)}`;

/** A venue has a handful of keys; the bound only keeps memory flat whatever happens. */
const maxRememberedSecrets = 1_000;

/** Keys are 190 random bits, so a fast hash is enough; no stretching needed to resist guessing. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const fromRow = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  last4: row.last4,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

/** Name, scope and the last four characters staff see anyway; never the secret or its hash. */
const keyAudit = (action: string, key: ApiKeyRecord): AuditEntry => ({
  action,
  objectType: 'api_key',
  objectId: key.id,
  data: { name: key.name, scope: key.scope, last4: key.last4 },
});

export function viewApiKey(key: ApiKeyRecord): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    scope: key.scope,
    last4: key.last4,
    created_at: toIso(key.createdAt),
    revoked_at: key.revokedAt === null ? null : toIso(key.revokedAt),
  };
}

/**
 * Key storage plus an in-memory map from secret hash to key, so authenticating a request costs
 * at most one SHA-256 and no query. Every write here refreshes the map; nothing else writes
 * api_keys.
 */
export class ApiKeys {
  private readonly byHash = new Map<string, ApiKeyRecord>();
  /**
   * Secrets seen in requests that named a known key, so a till or door device calling thousands
   * of times a second skips the SHA-256 (~1 µs, ~4 % of a GET). Only known keys are remembered:
   * guessing cannot fill it.
   */
  private readonly bySecret = new Map<string, ApiKeyRecord>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    const rows = db
      .prepare('SELECT id, name, scope, last4, created_at, revoked_at, secret_hash FROM api_keys')
      .all() as (ApiKeyRow & { secret_hash: string })[];
    for (const row of rows) this.byHash.set(row.secret_hash, fromRow(row));
  }

  count(): number {
    return this.byHash.size;
  }

  authenticate(secret: string): ApiKeyRecord | undefined {
    let key = this.bySecret.get(secret);
    if (!key) {
      key = this.byHash.get(hashSecret(secret));
      if (!key) return undefined;
      if (this.bySecret.size >= maxRememberedSecrets) this.bySecret.clear();
      this.bySecret.set(secret, key);
    }
    // The same record object as in byHash, so a revocation is seen here at once.
    return key.revokedAt === null ? key : undefined;
  }

  /**
   * Stores a key for a secret; the caller shows the secret once and it is never readable again.
   * Inside an action, pass its `tx`: the key starts to work once the action has committed.
   */
  create(
    name: string,
    scope: Scope,
    secret = newSecret(),
    tx?: ActionTx,
  ): { key: ApiKeyRecord; secret: string } {
    const key: ApiKeyRecord = {
      id: newId('apiKey'),
      name,
      scope,
      last4: secret.slice(-4),
      createdAt: this.now(),
      revokedAt: null,
    };
    const hash = hashSecret(secret);
    this.db
      .prepare(
        'INSERT INTO api_keys (id, name, scope, secret_hash, last4, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(key.id, name, scope, hash, key.last4, key.createdAt);
    const remember = () => this.byHash.set(hash, key);
    if (tx) {
      tx.afterCommit(remember);
      tx.audit(keyAudit('api_key.created', key));
    } else remember();
    return { key, secret };
  }

  get(id: string): ApiKeyRecord {
    for (const key of this.byHash.values()) if (key.id === id) return key;
    throw notFound('API key', id);
  }

  /** Oldest first, like every list (CONTRACT.md "Conventions"). */
  list(limit: number, cursor: string | undefined): Page<ApiKeyView> {
    const list = new ListCursor('api_keys');
    const rows = this.db
      .prepare(
        'SELECT seq, id, name, scope, last4, created_at, revoked_at FROM api_keys WHERE seq > ? ORDER BY seq LIMIT ?',
      )
      .all(list.decode(cursor), limit + 1) as (ApiKeyRow & { seq: number })[];
    return toPage(rows, limit, (row) => viewApiKey(fromRow(row)), list);
  }

  private otherActiveAdmins(id: string): number {
    return this.db
      .prepare("SELECT COUNT(*) FROM api_keys WHERE scope = 'admin' AND revoked_at IS NULL AND id != ?")
      .pluck()
      .get(id) as number;
  }

  /**
   * Revoking twice is harmless; the first revocation time is kept. Inside an action, pass its
   * `tx`: the key stops working once the action has committed. Answers the key as revoked.
   */
  revoke(id: string, tx?: ActionTx): ApiKeyRecord {
    const key = this.get(id);
    if (key.revokedAt !== null) {
      tx?.unchanged();
      return key;
    }
    // Only an admin key mints keys: revoking the last one would lock the venue out for good (a
    // MARQUEE_ADMIN_KEY is taken only by a store with no key at all). Counted in the action's own
    // transaction, so two revocations in one batch cannot each leave the other as "the last".
    if (key.scope === 'admin' && this.otherActiveAdmins(id) === 0) {
      throw conflict(
        'last_admin_key',
        'This is the last admin key: no other key could make keys again. Create another admin key first, then revoke this one.',
      );
    }
    const at = this.now();
    const first =
      this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id)
        .changes === 1;
    // Not first: revoked by an action of the same batch, not yet committed.
    const revokedAt = first
      ? at
      : (this.db.prepare('SELECT revoked_at FROM api_keys WHERE id = ?').get(id) as { revoked_at: number })
          .revoked_at;
    const apply = () => {
      key.revokedAt ??= revokedAt;
    };
    if (tx) {
      tx.afterCommit(apply);
      if (first) tx.audit(keyAudit('api_key.revoked', key));
      else tx.unchanged();
    } else apply();
    return { ...key, revokedAt };
  }
}
