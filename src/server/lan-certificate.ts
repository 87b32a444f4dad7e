import type { SettingsRepo } from './store/settings-repo.js';
import { missingBesideStore, type TlsMaterial } from './tls.js';

/**
 * The fingerprint of the LAN certificate the store last served, '' for a store that has only
 * ever run on loopback (no certificate, so no device pinned one). A settings row, not a file
 * in tls/: it must survive tls/ being lost, which is what it is there to tell.
 */
const lastServedKey = 'lan_certificate_fingerprint';

/**
 * Why this start's certificate is not the one devices paired with may have pinned, or null:
 * tls.ts alone can only tell that a store existed without tls/, which is also a store that so
 * far ran on loopback only (its devices paired over plain HTTP and pinned nothing). Records
 * what this start serves, for the next start to judge by.
 */
export function judgeLanCertificate(settings: SettingsRepo, tls: TlsMaterial | null): string | null {
  const last = settings.get(lastServedKey);
  if (tls === null) {
    if (last === undefined) settings.put(lastServedKey, '');
    return null;
  }
  let replaced = tls.replaced;
  // undefined: a store from before this record, so whether tls/ ever existed is unknown.
  if (replaced === missingBesideStore && last === '') replaced = null;
  if (replaced === null && last && last !== tls.fingerprint256)
    replaced = 'not the certificate this store last served (tls/ copied from another data dir?)';
  if (last !== tls.fingerprint256) settings.put(lastServedKey, tls.fingerprint256);
  return replaced;
}
