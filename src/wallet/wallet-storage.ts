/**
 * The strip and the ticket's details kept on the phone (localStorage), so the page can show the
 * code of the current window with no signal. The key is a hash of the wallet secret, never the
 * secret itself: the same origin may serve other pages (the box office UI on the venue LAN), and
 * a storage listing must not hand out anyone's ticket link.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { StoredWallet } from '../shared/wallet-offline.js';

const prefix = 'marquee.wallet.';

export function storageKey(secret: string): string {
  return prefix + bytesToHex(sha256(new TextEncoder().encode(secret))).slice(0, 32);
}

/** localStorage, or null where the browser refuses it (some private modes throw on access). */
export function browserStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = `${prefix}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

function isStoredWallet(value: unknown): value is StoredWallet {
  const entry = value as Partial<StoredWallet> | null;
  return (
    !!entry &&
    entry.v === 1 &&
    typeof entry.info?.ticket_id === 'string' &&
    (entry.strip === null ||
      (typeof entry.strip?.generated_at === 'string' && Array.isArray(entry.strip.tokens)))
  );
}

export class WalletStorage {
  constructor(
    private readonly storage: Storage | null,
    private readonly key: string,
  ) {}

  get available(): boolean {
    return this.storage !== null;
  }

  load(): StoredWallet | null {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(this.key) ?? 'null');
      return isStoredWallet(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** False when the browser refused to keep it (storage full or switched off). */
  save(entry: StoredWallet): boolean {
    try {
      if (!this.storage) return false;
      this.storage.setItem(this.key, JSON.stringify(entry));
      return true;
    } catch {
      return false;
    }
  }
}
