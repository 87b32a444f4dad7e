import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../../src/server/ids.js';
import { openStore, type Db } from '../../../src/server/store/db.js';
import { EventsRepo } from '../../../src/server/store/events-repo.js';
import { TiersRepo } from '../../../src/server/store/tiers-repo.js';
import { CredentialFacts } from '../../../src/server/tokens/credential-facts.js';
import { CryptoThreads } from '../../../src/server/tokens/crypto-threads.js';
import { SigningKeys } from '../../../src/server/tokens/signing-keys.js';
import { TicketIssuer } from '../../../src/server/tokens/ticket-issuer.js';
import { TicketTokens, type TicketRef } from '../../../src/server/tokens/ticket-tokens.js';
import type { DoorPack } from '../../../src/scanner/types.js';

/**
 * The server's own signer (SigningKeys + TicketTokens + TicketIssuer on a real SQLite file, with
 * the event and its tiers in it), so SDK tests verify exactly the tokens the venue server hands out.
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
  /** A second tier of the event, without paper passes. */
  readonly phoneOnlyTierId = newId('tier');
  /** Doors three hours after the signer's clock starts. */
  readonly doorsAt = this.ms + 3 * 3_600_000;
  private readonly events = new EventsRepo(this.db);
  private readonly tiers = new TiersRepo(this.db);
  readonly issuer: TicketIssuer;

  constructor() {
    const at = this.ms;
    this.events.insert({
      id: this.eventId,
      title: 'Night show',
      venue: 'Main hall',
      doors_at: this.doorsAt,
      on_sale_at: at,
      status: 'published',
      currency: 'usd',
      capacity: null,
      timezone: 'UTC',
      created_at: at,
      updated_at: at,
    });
    for (const [id, paper] of [
      [this.tierId, 1],
      [this.phoneOnlyTierId, 0],
    ] as const)
      this.tiers.insert({
        id,
        event_id: this.eventId,
        name: paper ? 'General admission' : 'Phones only',
        price_cents: 2500,
        currency: 'usd',
        quantity: 100,
        sold: 0,
        sale_starts_at: null,
        sale_ends_at: null,
        max_per_order: 10,
        visibility: 'public',
        access_code: null,
        paper_pass: paper,
        created_at: at,
        updated_at: at,
      });
    this.issuer = new TicketIssuer({
      tokens: this.tokens,
      keys: this.keys,
      facts: new CredentialFacts(this.db, this.events, this.tiers),
      threads: new CryptoThreads(0),
      now: this.now,
    });
  }

  ticket(eventId = this.eventId): TicketRef {
    return { id: newId('ticket'), event_id: eventId, tier_id: this.tierId };
  }

  mint(ticket: TicketRef = this.ticket()): string {
    return this.tokens.mint(ticket);
  }

  /** The ticket's paper pass as the server issues it (signed for the signer's own event and tiers). */
  pass(ticket: TicketRef = this.ticket()): string {
    const pass = this.issuer.pass(
      { ...ticket, status: 'active', issued_at: this.ms, pass_iat: null },
      { doors_at: this.doorsAt },
      { paper_pass: true },
    );
    if (pass === null) throw new Error('an active ticket of a paper tier has a pass');
    return pass;
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
        capacity: null,
        created_at: at,
        ...event,
      },
      jwks: this.keys.jwks(),
      tiers: [
        { id: this.tierId, name: 'General admission', paper_pass: true },
        { id: this.phoneOnlyTierId, name: 'Phones only', paper_pass: false },
      ],
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
