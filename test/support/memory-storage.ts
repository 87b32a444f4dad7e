/**
 * A browser's Storage (localStorage, sessionStorage) held in a Map, for renderer code run in Node.
 * `items` is the Map itself, so a test can look at exactly what was kept.
 */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
  };
}
