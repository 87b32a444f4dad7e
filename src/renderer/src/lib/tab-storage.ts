/**
 * One thing at a time kept in the tab's sessionStorage, as JSON, until it is settled: a reload
 * (F5, a restarted browser tab) must not forget what only this tab knows. Storage may refuse
 * (full, a private mode) or be absent (tests in Node); then nothing is kept, and what is on screen
 * stays as it was.
 */

/** The part of the Web Storage API used here. */
export type KeeperStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's sessionStorage, or null where there is none (tests in Node, a refused storage). */
export function tabStorage(): KeeperStorage | null {
  try {
    // Read off globalThis: this file is also compiled (and tested) where there is no DOM.
    return (globalThis as { sessionStorage?: KeeperStorage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function keepInTab(storage: KeeperStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused: only a reload would forget it.
  }
}

export function forgetInTab(storage: KeeperStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The parsed value kept under `key`, or null when nothing (or nothing readable) is kept. */
export function keptInTab(storage: KeeperStorage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
