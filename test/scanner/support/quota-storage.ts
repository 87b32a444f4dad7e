import type { KeyValueStorage } from '../../../src/scanner/stored-device-state.js';

/**
 * localStorage as the browser has it: strings by key, with a quota (characters, keys counted too)
 * that can run out, and a count of the characters each setItem wrote.
 */
export class QuotaStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  full = false;
  /** Characters (key and value) written by setItem since the test last reset it. */
  written = 0;
  /** Characters (keys and values) kept now. */
  used = 0;
  /** Characters it holds at most; a test may lower it once its setup is written. */
  constructor(public quota = Number.POSITIVE_INFINITY) {}
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const before = this.items.get(key);
    const used =
      this.used - (before === undefined ? 0 : key.length + before.length) + key.length + value.length;
    if (this.full || used > this.quota) throw new Error('QuotaExceededError');
    this.items.set(key, value);
    this.used = used;
    this.written += key.length + value.length;
  }
  removeItem(key: string): void {
    const before = this.items.get(key);
    if (before !== undefined) this.used -= key.length + before.length;
    this.items.delete(key);
  }
}
