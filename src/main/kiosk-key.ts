import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiKeys } from '../server/domain/api-keys.js';

export const kioskKeyFile = 'kiosk-key.txt';
export const kioskKeyName = 'Kiosk window (this till)';

/**
 * The key the kiosk window gets: customers stand at that screen, so it must not hold the admin
 * key. One `box_office` key per store, kept beside admin-key.txt (mode 0600) and reused while it
 * is valid; revoking it in Settings makes the next start issue a new one.
 */
export function ensureKioskKey(keys: ApiKeys, dataDir: string): string {
  const file = join(dataDir, kioskKeyFile);
  let saved = '';
  try {
    saved = readFileSync(file, 'utf8').trim();
  } catch {
    // First kiosk on this store.
  }
  if (saved && keys.authenticate(saved)?.scope === 'box_office') return saved;
  const { secret } = keys.create(kioskKeyName, 'box_office');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
