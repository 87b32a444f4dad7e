import type { Db } from './db.js';

/**
 * `UPDATE <table> SET <changed columns>, updated_at = ? WHERE id = ?` for the defined entries of
 * `changes` (null is a value; undefined means "leave as is"). Column names come from typed keys of
 * the repositories' change types, never from request input.
 */
export function updateColumns(
  db: Db,
  table: 'events' | 'tiers',
  id: string,
  changes: Record<string, unknown>,
  now: number,
): void {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const sets = [...entries.map(([column]) => `${column} = ?`), 'updated_at = ?'].join(', ');
  db.prepare(`UPDATE ${table} SET ${sets} WHERE id = ?`).run(...entries.map(([, value]) => value), now, id);
}
