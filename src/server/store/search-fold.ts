import type Database from 'better-sqlite3';
import { foldForSearch } from '../../shared/search-fold.js';

/** `search_fold(text)` in this connection's SQL, the same fold as foldForSearch (NULL stays NULL). */
export function registerSearchFold(db: Database.Database): void {
  const folds = new Map<string, string>();
  db.function('search_fold', { deterministic: true }, (text: unknown) => {
    if (typeof text !== 'string') return text;
    let folded = folds.get(text);
    if (folded === undefined) {
      if (folds.size >= foldsKept) folds.clear();
      folded = foldForSearch(text);
      folds.set(text, folded);
    }
    return folded;
  });
}

/**
 * Names repeat (a buyer's name is on each of their tickets, regulars come back), and a search
 * that finds little folds every accented name of the year: a name's fold is kept, up to this
 * many (a few MiB), so it is worked out once (docs/year-old-store.md).
 */
const foldsKept = 50_000;

/**
 * SQL true when `column` folded (search_fold) is LIKE `@folded`: the same answer as
 * `search_fold(column) LIKE @folded`, but plain printable ASCII (most names) is compared as it
 * is, without a call into JS per row. Text whose characters are as many as its UTF-8 bytes is
 * all ASCII: foldForSearch answers it unchanged but for ASCII case (a control character takes
 * its slow path only for time), which LIKE ignores. That count is a tight loop in SQLite, where a
 * GLOB for a character outside ' '..'~' cost a pattern match at each character: about a
 * seventh off the name test over a year's holders (368 → 318 ms at load ~10). A search reads
 * every order and holder of the year when it finds little, and the call into JS was most of its
 * time (docs/year-old-store.md).
 */
export function foldedLikeSql(column: string): string {
  return `(CASE WHEN length(${column}) <> octet_length(${column}) THEN search_fold(${column}) ELSE ${column} END) LIKE @folded ESCAPE '\\'`;
}
