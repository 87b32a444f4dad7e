/** Timestamps leave the server as UTC `Z` strings (CONTRACT.md "Conventions"). */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : toIso(ms);
}

/** Input timestamps are validated by the schema (date-time with offset) before they get here. */
export function parseIso(value: string): number {
  return Date.parse(value);
}

export function parseIsoOrNull(value: string | null | undefined): number | null {
  return value === null || value === undefined ? null : Date.parse(value);
}
