import { describe, expect, it } from 'vitest';
import { WedgeDetector } from '../../../src/renderer/src/lib/wedge-scanner.js';

/** Feeds keys on a hand-driven clock: `gapMs` between each. */
function typeAt(detector: WedgeDetector, clock: { t: number }, keys: string[], gapMs: number) {
  const answers: (string | null)[] = [];
  for (const key of keys) {
    clock.t += gapMs;
    answers.push(detector.key(key));
  }
  return answers;
}

const keysOf = (text: string) => [...text];

describe('the keyboard-wedge detector', () => {
  it('answers the code when a fast burst ends in Enter', () => {
    const clock = { t: 1_000 };
    const d = new WedgeDetector(() => clock.t);
    const answers = typeAt(d, clock, [...keysOf('eyJhbGciOi.abc-_9'), 'Enter'], 4);
    expect(answers.slice(0, -1).every((a) => a === null)).toBe(true);
    expect(answers.at(-1)).toBe('eyJhbGciOi.abc-_9');
  });

  it('ignores a person typing the same keys at human speed', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector(() => clock.t);
    const answers = typeAt(d, clock, [...keysOf('tik_abcdefgh'), 'Enter'], 150);
    expect(answers.every((a) => a === null)).toBe(true);
  });

  it('refuses a short burst (a quick "ok" + Enter is typing, not a scan)', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector(() => clock.t, { minLength: 8 });
    expect(typeAt(d, clock, [...keysOf('ok'), 'Enter'], 2).at(-1)).toBeNull();
  });

  it('a slow key before a scan does not spoil it; a pause inside one does', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector(() => clock.t);
    typeAt(d, clock, ['x'], 5);
    clock.t += 500;
    expect(typeAt(d, clock, [...keysOf('ABCDEFGHIJ'), 'Enter'], 5).at(-1)).toBe('ABCDEFGHIJ');

    typeAt(d, clock, keysOf('ABCDE'), 5);
    clock.t += 200;
    // The rest after a 200 ms pause is a new, too-short burst.
    expect(typeAt(d, clock, [...keysOf('FGH'), 'Enter'], 5).at(-1)).toBeNull();
  });

  it('Shift between characters (capitals) keeps the burst; another key breaks it', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector(() => clock.t);
    const keys = ['Shift', 'A', 'b', 'Shift', 'C', 'd', 'e', 'f', 'g', 'h', 'Enter'];
    expect(typeAt(d, clock, keys, 3).at(-1)).toBe('AbCdefgh');
    expect(typeAt(d, clock, [...keysOf('abcdefgh'), 'ArrowLeft', 'Enter'], 3).at(-1)).toBeNull();
  });

  it('says when keys are arriving at scanner speed, and stops saying so after a pause', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector(() => clock.t);
    typeAt(d, clock, ['a'], 5);
    expect(d.scanning()).toBe(false);
    // Two quick keys are a person pressing shortcuts (2, then 1), not yet a scan.
    typeAt(d, clock, ['b'], 5);
    expect(d.scanning()).toBe(false);
    typeAt(d, clock, ['c'], 5);
    expect(d.scanning()).toBe(true);
    clock.t += 500;
    expect(d.scanning()).toBe(false);
  });

  it('inBurst says whether a key now would continue a burst: where a field is put back to', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector(() => clock.t);
    expect(d.inBurst()).toBe(false);
    typeAt(d, clock, ['a'], 500);
    clock.t += 10;
    expect(d.inBurst()).toBe(true);
    clock.t += 200;
    expect(d.inBurst()).toBe(false);
    typeAt(d, clock, keysOf('abcdefghij'), 5);
    typeAt(d, clock, ['Enter'], 5);
    expect(d.inBurst()).toBe(false);
  });
});
