import type { Db } from './db.js';

/** A prepared query whose rows come back as plain objects keyed by column name. */
export interface RowReader<T> {
  get(...params: unknown[]): T | undefined;
  all(...params: unknown[]): T[];
}

/**
 * Like `db.prepare(sql)`, for the reads on the hot paths (a GET of a ticket, a door scan, a
 * checkout's event and tier). better-sqlite3 builds each row object in C++ one named property at
 * a time: 3.4 µs for a ticket row here, against 2.3 µs for the same row fetched as an array and
 * turned into an object by a function made for this statement's columns (1.1 µs of a ~20 µs
 * GET). The function is compiled once, from the column names SQLite reports, each quoted with
 * JSON.stringify, so a column name can only ever be a property key (an own one, `__proto__` too).
 */
export function prepareRows<T>(db: Db, sql: string): RowReader<T> {
  const statement = db.prepare(sql).raw(true);
  const names = statement.columns().map((column) => column.name);
  // A literal `"__proto__": v` would set the prototype; a computed key makes an own property.
  const key = (name: string) => (name === '__proto__' ? `["__proto__"]` : JSON.stringify(name));
  const fields = names.map((name, index) => `${key(name)}: row[${index}]`).join(', ');
  const toObject = new Function('row', `return { ${fields} };`) as (row: unknown[]) => T;
  return {
    get: (...params) => {
      const row = statement.get(...params) as unknown[] | undefined;
      return row === undefined ? undefined : toObject(row);
    },
    all: (...params) => (statement.all(...params) as unknown[][]).map(toObject),
  };
}

/**
 * An INSERT of `columns` from a row object, bound by position. better-sqlite3 binds a named
 * parameter (`@id`) by looking the name up on the object from C++, ~0.8 µs more per 14-column
 * row here; a checkout inserts an order, a ticket and an attendee, a scan its scan row. The
 * binder is compiled once for these columns. Unlike named binding, a missing property binds NULL
 * instead of throwing: the row types make every column required, and NOT NULL catches the rest.
 */
export function prepareInsert<T extends object>(
  db: Db,
  table: string,
  columns: readonly (keyof T & string)[],
): (row: T) => void {
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const statement = db.prepare(
    `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const args = columns.map((name) => `row[${JSON.stringify(name)}]`).join(', ');
  const bind = new Function('statement', 'row', `statement.run(${args});`) as (
    statement: unknown,
    row: T,
  ) => void;
  return (row) => bind(statement, row);
}
