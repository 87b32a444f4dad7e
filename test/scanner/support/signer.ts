import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../../src/server/ids.js';
import { openStore, type Db } from '../../../src/server/store/db.js';
import { SigningKeys } from '../../../src/server/tokens/signing-keys.js';
import { TicketTokens, type TicketRef } from '../../../src/server/tokens/ticket-tokens.js';
import type { DoorPack } from '../../../src/scanner/types.js';

/**
 * The server's own signer (SigningKeys + TicketTokens on a real SQLite file), so SDK tests
 * verify exactly the tokens the venue server hands out.
 */
export class ServerSigner {
  readonly dir = mkdtempSync(join(tmpdir(), 'marquee-signer-'));
  readonly db: Db = openStore(join(this.dir, 'marquee.db'));
  ms = Date.parse('2026-11-22T20:00:00Z');
  readonly now = (): number => this.ms;
  readonly keys = new SigningKeys(this.db, this.dir, this.now);
  readonly tokens = new TicketTokens(this.keys, this.now);
  readonly eventId = newId('event');
  readonly tierId = newId('tier');

  ticket(eventId = this.eventId): TicketRef {
    return { id: newId('ticket'), event_id: eventId, tier_id: this.tierId };
  }

  mint(ticket: TicketRef = this.ticket()): string {
    return this.tokens.mint(ticket);
  }

  /** A whole door pack as the server sends it; `event` overrides merge into the event. */
  pack({
    event,
    ...overrides
  }: Partial<Omit<DoorPack, 'event'>> & { event?: Partial<DoorPack['event']> } = {}): DoorPack {
    const at = new Date(this.ms).toISOString();
    return {
      event: {
        id: this.eventId,
        title: 'Night show',
        venue: 'Main hall',
        doors_at: at,
        on_sale_at: at,
        status: 'published',
        url: `http://127.0.0.1/e/${this.eventId}`,
        currency: 'usd',
        timezone: 'UTC',
        created_at: at,
        ...event,
      },
      jwks: this.keys.jwks(),
      revoked: [],
      scanned: [],
      exited: [],
      full: true,
      generated_at: at,
      cursor: '0',
      ...overrides,
    };
  }

  close(): void {
    this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
