/** SQLite's extended result code of an error from better-sqlite3 (`SQLITE_FULL`, …), if it has one. */
export function sqliteCode(err: unknown): string | undefined {
  if (!(err instanceof Error) || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}
