import type { Db } from './db.js';

/**
 * Tables whose changes something in memory follows (each has a TEXT primary key `id`), with the
 * columns whose updates it follows; null: any column (a ticket's cached answer shows most of
 * them). A tier's name (TierNames) and paper rule, an event's doors (CredentialFacts), an
 * attendee's name (AttendeeNames). Checkout
 * updates `tiers.sold` on every sale; a trigger there would cost each sale a call for nothing.
 */
const watchedColumns = {
  tickets: null,
  tiers: ['name', 'paper_pass'],
  events: ['doors_at'],
  // The door's guest-list search (domain/attendee-names.ts) keeps names in memory.
  attendees: ['name'],
} as const satisfies Record<string, readonly string[] | null>;

export type WatchedTable = keyof typeof watchedColumns;

type Listener = (id: string) => void;

const functionName = 'marquee_row_changed';
const listenersByDb = new WeakMap<Db, Map<WatchedTable, Set<Listener>>>();

/**
 * Calls `listener` with the id of every row of `table` that is updated (in a watched column) or
 * deleted through this connection, whichever statement does it. The calls come from SQL triggers
 * (TEMP, so they live with the connection and are not written to the store), so a write path
 * added later cannot forget to tell a cache. A listener runs inside the writing statement: it may only touch
 * memory, never the database. It is also called for a change that is later rolled back, so it
 * must only ever forget things. Returns the function that stops the calls.
 *
 * Only changes made on this connection are seen. The server is the store's only writer; the
 * background checkpointer's connection writes no rows.
 */
export function watchRowChanges(db: Db, table: WatchedTable, listener: Listener): () => void {
  let tables = listenersByDb.get(db);
  if (!tables) {
    tables = new Map();
    listenersByDb.set(db, tables);
    const known = tables;
    db.function(functionName, { deterministic: false }, (changed: unknown, id: unknown) => {
      const listeners = known.get(changed as WatchedTable);
      if (listeners && typeof id === 'string') for (const notify of listeners) notify(id);
      return null;
    });
  }
  let listeners = tables.get(table);
  if (!listeners) {
    listeners = new Set();
    tables.set(table, listeners);
    // `table` and its columns are one of a closed set of names (WatchedTable), never input.
    const columns: readonly string[] | null = watchedColumns[table];
    const of = columns ? ` OF ${columns.join(', ')}` : '';
    db.exec(`
      CREATE TEMP TRIGGER IF NOT EXISTS watch_${table}_update AFTER UPDATE${of} ON main.${table}
      BEGIN SELECT ${functionName}('${table}', OLD.id); END;
      CREATE TEMP TRIGGER IF NOT EXISTS watch_${table}_delete AFTER DELETE ON main.${table}
      BEGIN SELECT ${functionName}('${table}', OLD.id); END;
    `);
  }
  listeners.add(listener);
  const own = listeners;
  return () => own.delete(listener);
}
