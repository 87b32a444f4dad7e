import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyRecord } from './api-keys.js';

export const streamTokenLifetimeMs = 60 * 60 * 1000;
const maxTokens = 10_000;

interface Grant {
  key: ApiKeyRecord;
  eventId: string | null;
  expiresAt: number;
}

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Short-lived read tokens for `GET /v2/scans/stream?stream_token=…`. A browser's EventSource
 * cannot send an Authorization header, and an API key in a URL ends up in logs and history;
 * a token that only opens the feed, lives an hour and dies with its key is a safe thing to leak.
 * Kept in memory: after a restart the page asks for a new one, as it does after expiry.
 */
export class StreamTokens {
  private readonly grants = new Map<string, Grant>();

  constructor(private readonly now: () => number) {}

  issue(key: ApiKeyRecord, eventId: string | null): { token: string; expiresAt: number } {
    const at = this.now();
    if (this.grants.size >= maxTokens) this.purge(at);
    // Still full of live tokens: drop the oldest rather than grow without bound.
    if (this.grants.size >= maxTokens) {
      const oldest = this.grants.keys().next().value;
      if (oldest !== undefined) this.grants.delete(oldest);
    }
    const token = `st_${randomBytes(24).toString('base64url')}`;
    const expiresAt = at + streamTokenLifetimeMs;
    this.grants.set(hash(token), { key, eventId, expiresAt });
    return { token, expiresAt };
  }

  /** The grant behind a token, while it is unexpired and its key unrevoked. */
  check(token: string): Grant | undefined {
    const grant = this.grants.get(hash(token));
    if (!grant) return undefined;
    if (grant.expiresAt <= this.now() || grant.key.revokedAt !== null) {
      this.grants.delete(hash(token));
      return undefined;
    }
    return grant;
  }

  private purge(at: number): void {
    for (const [id, grant] of this.grants) {
      if (grant.expiresAt <= at || grant.key.revokedAt !== null) this.grants.delete(id);
    }
  }
}
