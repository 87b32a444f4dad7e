import type { TicketView } from '../schemas/tickets.js';
import type { Db } from '../store/db.js';
import { watchRowChanges } from '../store/row-changes.js';
import type { TicketRow, TicketsRepo } from '../store/tickets-repo.js';
import type { TicketIssuer } from '../tokens/ticket-issuer.js';
import type { PublicUrls } from './public-urls.js';
import type { SalesViews } from './sales-views.js';

export interface TicketAnswersDeps {
  db: Db;
  tickets: TicketsRepo;
  views: SalesViews;
  issuer: TicketIssuer;
  urls: PublicUrls;
  /** The GET route's own serializer (schemas/response-json.ts), so the bytes are the same. */
  ticketJson: (view: TicketView) => string;
}

interface Entry {
  row: TicketRow;
  /** What `json` was made with: it is remade when any of them no longer matches. */
  token: string;
  pass: string | null;
  base: string;
  json: string;
}

/** ~1 KiB each: a few MiB for the tickets of a large night. */
export const defaultCapacity = 4096;

/**
 * The answers of GET /v2/tickets/{id}, kept in memory. Doors, tills and wallets ask for the same
 * tickets again and again, and reading the row and serializing the answer was about a third of
 * that request's CPU here.
 *
 * - An entry holds the row as last read outside any transaction (so, committed) and the JSON
 *   made from it.
 * - It is dropped whenever that row is updated or deleted, by SQL triggers (watchRowChanges), so
 *   no write path can leave it stale: a scan, a transfer, a void, or one added later.
 * - Its JSON is remade when the ticket's current token (refreshed as it nears expiry, or after a
 *   key rotation), its paper pass (its tier's paper rule or its event's doors changed, a key
 *   rotation) or the public base URL differs from what it was made with.
 * - At capacity the oldest entry goes; a miss costs only the read it would have cost anyway.
 */
export class TicketAnswers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly deps: TicketAnswersDeps,
    private readonly capacity = defaultCapacity,
  ) {
    watchRowChanges(deps.db, 'tickets', (id) => this.entries.delete(id));
  }

  /** The ticket's answer as JSON, or undefined when there is no such ticket. */
  json(id: string): string | undefined {
    let entry = this.entries.get(id);
    if (entry === undefined) {
      const row = this.deps.tickets.find(id);
      if (row === undefined) return undefined;
      entry = { row, token: '', pass: null, base: '', json: '' };
      // Inside a transaction the row may not be committed yet; a rollback would not drop it.
      if (!this.deps.db.inTransaction) this.remember(id, entry);
    }
    const { issuer, urls } = this.deps;
    const token = issuer.rotating(entry.row);
    const pass = issuer.passFor(entry.row);
    const base = urls.base;
    if (token !== entry.token || pass !== entry.pass || base !== entry.base) {
      entry.json = this.deps.ticketJson(this.deps.views.ticket(entry.row, token, pass));
      entry.token = token;
      entry.pass = pass;
      entry.base = base;
    }
    return entry.json;
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }

  private remember(id: string, entry: Entry): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, entry);
  }
}
