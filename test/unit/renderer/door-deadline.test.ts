import { describe, expect, it } from 'vitest';
import { doorDeadlineKey, storedDeadlineMs } from '../../../src/renderer/src/lib/door-deadline.js';
import { StoredDeviceState } from '../../../src/scanner/stored-device-state.js';

/** localStorage's shape over a Map. */
function storage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the door page’s stored deadline', () => {
  it('is the SDK default (undefined) when nothing is stored', () => {
    expect(storedDeadlineMs(storage())).toBeUndefined();
  });

  it('is the stored number of ms when it is a whole number from 50 to 60000', () => {
    expect(storedDeadlineMs(storage({ [doorDeadlineKey]: '10000' }))).toBe(10_000);
    expect(storedDeadlineMs(storage({ [doorDeadlineKey]: '50' }))).toBe(50);
    expect(storedDeadlineMs(storage({ [doorDeadlineKey]: '60000' }))).toBe(60_000);
  });

  it('ignores a value out of range or not a number, rather than a door that never waits or never decides', () => {
    for (const text of ['', '0', '49', '60001', '2.5', 'soon', 'Infinity', '-300'])
      expect(storedDeadlineMs(storage({ [doorDeadlineKey]: text })), text).toBeUndefined();
  });

  it('survives unpairing: it belongs to the browser, not to the pairing', () => {
    const kept = storage({ [doorDeadlineKey]: '10000' });
    expect(new StoredDeviceState(kept).forget()).toBe(true);
    expect(storedDeadlineMs(kept)).toBe(10_000);
  });
});
