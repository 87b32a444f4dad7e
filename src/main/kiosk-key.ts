import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DesktopFacade } from '../server/desktop-facade.js';

export const kioskKeyFile = 'kiosk-key.txt';
export const kioskKeyName = 'Kiosk window (this till)';

/**
 * The key the kiosk window gets: customers stand at that screen, so it holds a `kiosk` key (card
 * sales, the public offer, its own orders; docs/api.md "The kiosk scope"), never a staff key. One
 * per store, kept beside admin-key.txt (mode 0600) and reused while valid; revoking it in Settings
 * makes the next start issue a new one. A `box_office` key saved by an older Marquee is revoked
 * and replaced on upgrade: it could refund, comp and read every buyer's email.
 */
export function ensureKioskKey(keys: DesktopFacade['keys'], dataDir: string): string {
  const file = join(dataDir, kioskKeyFile);
  let saved = '';
  try {
    saved = readFileSync(file, 'utf8').trim();
  } catch {
    // First kiosk on this store.
  }
  const current = saved ? keys.authenticate(saved) : undefined;
  if (current?.scope === 'kiosk') return saved;
  if (current) keys.revoke(current.id);
  const { secret } = keys.create(kioskKeyName, 'kiosk');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
