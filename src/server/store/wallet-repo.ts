import type { Db } from './db.js';

/** Everything the wallet page shows about one ticket, found by its wallet secret. */
export interface WalletRow {
  ticket_id: string;
  event_id: string;
  tier_id: string;
  status: 'active' | 'transferred' | 'voided';
  event_title: string;
  venue: string;
  doors_at: number;
  /** The event's zone; null for an event made before zones (shown in the server's zone). */
  timezone: string | null;
  event_status: 'draft' | 'published' | 'cancelled';
  tier_name: string;
  attendee_name: string | null;
}

export class WalletRepo {
  private readonly bySecret;

  constructor(db: Db) {
    // tickets.wallet_secret is UNIQUE, so this is an index lookup: no secret comparison in JS.
    this.bySecret = db.prepare(
      `SELECT t.id AS ticket_id, t.event_id, t.tier_id, t.status,
              e.title AS event_title, e.venue, e.doors_at, e.timezone, e.status AS event_status,
              r.name AS tier_name, a.name AS attendee_name
       FROM tickets t
       JOIN events e ON e.id = t.event_id
       JOIN tiers r ON r.id = t.tier_id
       LEFT JOIN attendees a ON a.id = t.attendee_id
       WHERE t.wallet_secret = ?`,
    );
  }

  find(secret: string): WalletRow | undefined {
    return this.bySecret.get(secret) as WalletRow | undefined;
  }
}
