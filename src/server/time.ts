let lastMs = NaN;
let lastIso = '';

/**
 * Timestamps leave the server as UTC `Z` strings (CONTRACT.md "Conventions"). The last answer is
 * kept: a checkout's order and tickets all carry the same instant, and formatting a Date costs
 * more than comparing a number. A pure function of `ms`, so the kept string is never stale.
 */
export function toIso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : toIso(ms);
}

/**
 * An input timestamp as ms since the epoch, NaN when it is not one. The schemas let only
 * RFC 3339 date-times with an offset through (http/validators.ts), and refuse any this cannot
 * read. Two forms RFC 3339 and ISO 8601 allow that Date.parse does not are read here: an
 * hour-only offset (`+01`) and a leap second (`23:59:60`, read as 23:59:59: Unix time has none).
 */
export function parseIso(value: string): number {
  const ms = Date.parse(value);
  if (!Number.isNaN(ms)) return ms;
  return Date.parse(value.replace(/([+-]\d\d)$/, '$1:00').replace(/:60(?=(?:\.\d+)?(?:z|[+-]\d|$))/i, ':59'));
}

export function parseIsoOrNull(value: string | null | undefined): number | null {
  return value === null || value === undefined ? null : parseIso(value);
}
