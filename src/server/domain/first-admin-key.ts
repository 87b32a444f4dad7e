import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiKeys } from './api-keys.js';

export interface FirstAdminKey {
  secret: string;
  /** True when the server made the key (no MARQUEE_ADMIN_KEY), so it must be shown once. */
  generated: boolean;
  file: string | null;
}

/**
 * On a store with no keys yet: MARQUEE_ADMIN_KEY becomes the admin key; otherwise one is made and
 * written 0600 to admin-key.txt so whoever can read the data dir can log in (CONTRACT.md).
 */
export function ensureFirstAdminKey(
  keys: ApiKeys,
  dataDir: string,
  configured?: string,
): FirstAdminKey | null {
  if (keys.count() > 0) return null;
  const { secret } = keys.create('First admin key', 'admin', configured);
  if (configured) return { secret, generated: false, file: null };
  const file = adminKeyFile(dataDir);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, generated: true, file };
}

function adminKeyFile(dataDir: string): string {
  return join(dataDir, 'admin-key.txt');
}

/**
 * The file holding the key made at the first start, while it is still there: later starts point
 * to it, since the first start's print may have scrolled away or never been seen (a start that
 * made the key and then found its port taken printed nothing).
 */
export function savedAdminKeyFile(dataDir: string): string | null {
  const file = adminKeyFile(dataDir);
  return existsSync(file) ? file : null;
}
