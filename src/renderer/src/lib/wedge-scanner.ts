/**
 * A keyboard-wedge (USB or Bluetooth) barcode scanner is a keyboard: it "types" the code it read
 * and presses Enter, far faster than a person types. This tells such a burst from typing by the
 * gaps between keys alone, so the page needs no focused field to receive a scan.
 */
export interface WedgeOptions {
  /** Longest gap between two keys of one scan. Scanners send a key every few ms; people rarely under 80 ms. */
  maxGapMs?: number;
  /** Shortest code worth deciding on: shorter bursts ending in Enter are someone's typing. */
  minLength?: number;
}

/** Keys a scanner may press between characters (Shift for capitals) without breaking the burst. */
const passThrough = new Set(['Shift', 'CapsLock']);

export class WedgeDetector {
  private buffer = '';
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly maxGapMs: number;
  private readonly minLength: number;

  constructor(
    private readonly now: () => number,
    options: WedgeOptions = {},
  ) {
    this.maxGapMs = options.maxGapMs ?? 80;
    this.minLength = options.minLength ?? 8;
  }

  /**
   * One keydown (`KeyboardEvent.key`), at `at` (the event's own `timeStamp`: when the key came,
   * not when a busy page got round to it, so a render mid-scan does not split the burst).
   * Answers the code when this Enter ends a burst, else null. A slow key starts a new burst with
   * itself, so typing before a scan does not spoil it.
   */
  key(key: string, at: number = this.now()): string | null {
    if (passThrough.has(key)) return null;
    const inBurst = at - this.lastAt <= this.maxGapMs;
    if (key === 'Enter') {
      const code = inBurst && this.buffer.length >= this.minLength ? this.buffer : null;
      this.reset();
      return code;
    }
    if (key.length !== 1) {
      this.reset();
      return null;
    }
    this.buffer = inBurst ? this.buffer + key : key;
    this.lastAt = at;
    return null;
  }

  /**
   * True while keys are arriving at scanner speed: a key now is probably part of a scan. Three
   * keys in a row at that speed, not two: a cashier pressing two shortcut keys quickly (2, then 1)
   * must not lose the second one.
   */
  scanning(at: number = this.now()): boolean {
    return this.buffer.length >= 3 && at - this.lastAt <= this.maxGapMs;
  }

  /**
   * True when a key at `at` would continue the burst so far (the last key came at scanner speed).
   * Pass the key's own timeStamp, as to `key`: a page busy re-rendering after each key of a scan
   * reads the clock long after the scanner sent the next key, and would take it for a new burst.
   */
  inBurst(at: number = this.now()): boolean {
    return this.buffer.length > 0 && at - this.lastAt <= this.maxGapMs;
  }

  reset(): void {
    this.buffer = '';
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}
