/**
 * One thing at a time kept in Web Storage, as JSON, until it is settled: the tab's sessionStorage
 * where a reload (F5, a restarted browser tab) must not forget what only this tab knows, the
 * browser's localStorage where closing the tab must not either (tillStorage). Storage may refuse
 * (full, a private mode) or be absent (tests in Node); then nothing is kept, and what is on screen
 * stays as it was.
 */

/** The part of the Web Storage API used here. */
export type KeeperStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A storage whose kept names can be listed, to find what was kept under a prefix. */
export type ListableStorage = KeeperStorage & Pick<Storage, 'length' | 'key'>;

/** The tab's sessionStorage, or null where there is none (tests in Node, a refused storage). */
export function tabStorage(): KeeperStorage | null {
  return webStorage('sessionStorage');
}

/**
 * The browser's localStorage, shared by every tab of this origin and kept when the tab or the
 * browser is closed; null where there is none.
 */
export function tillStorage(): ListableStorage | null {
  return webStorage('localStorage');
}

function webStorage(name: 'sessionStorage' | 'localStorage'): ListableStorage | null {
  try {
    // Read off globalThis: this file is also compiled (and tested) where there is no DOM.
    return (globalThis as unknown as Partial<Record<typeof name, ListableStorage>>)[name] ?? null;
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

/** The names kept in `storage` that start with `prefix`; none when it cannot be read. */
export function keptNames(storage: ListableStorage | null, prefix: string): string[] {
  const names: string[] = [];
  try {
    for (let i = 0; storage && i < storage.length; i += 1) {
      const name = storage.key(i);
      if (name?.startsWith(prefix)) names.push(name);
    }
  } catch {
    // Storage refused: nothing to list.
  }
  return names;
}
