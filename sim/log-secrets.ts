import { readFileSync } from 'node:fs';
import { findSecrets } from '../scripts/grep-secrets.mjs';

export interface ServerLogCheck {
  file: string;
  lines: number;
  /** Exact secrets the evening was issued or used, looked for besides every secret-shaped string. */
  secretsLookedFor: number;
  /** Where a secret appeared (line, kind, length and last four characters; never the secret). */
  found: { line: number; kind: string; preview: string }[];
}

/** The server's whole log, searched as `node scripts/grep-secrets.mjs` searches it. */
export function checkServerLog(file: string, secrets: readonly string[]): ServerLogCheck {
  const text = readFileSync(file, 'utf8');
  return {
    file,
    lines: text.split('\n').length - 1,
    secretsLookedFor: secrets.length,
    found: findSecrets(text, secrets),
  };
}
