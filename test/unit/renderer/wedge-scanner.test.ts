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

  it('inBurst and scanning at a key’s own time: a page busy after every key still sees one burst', () => {
    // Handled 120 ms after each key came (a re-render per key), the keys 3 ms apart.
    let handledAt = 0;
    const d = new WedgeDetector(() => handledAt);
    for (const [i, key] of [...'abcdefghij'].entries()) {
      const cameAt = 1000 + i * 3;
      handledAt = cameAt + 120 * (i + 1);
      if (i > 0) {
        // By the page's clock the burst looks broken; by the key's own time it goes on.
        expect(d.inBurst()).toBe(false);
        expect(d.inBurst(cameAt)).toBe(true);
      }
      d.key(key, cameAt);
      if (i >= 2) expect(d.scanning(cameAt)).toBe(true);
    }
  });

  it('judges by when each key came (its event time), not when a busy page handled it', () => {
    let handledAt = 0;
    const d = new WedgeDetector(() => handledAt);
    // The page was busy for 300 ms mid-scan: the keys came 3 ms apart, handled late.
    const keys = [...keysOf('eyJhbGciOiJFZERTQSJ9'), 'Enter'];
    const answers = keys.map((key, i) => {
      handledAt = i < 10 ? i * 3 : 300 + i;
      return d.key(key, i * 3);
    });
    expect(answers.at(-1)).toBe('eyJhbGciOiJFZERTQSJ9');
  });

  it('a stricter detector (in a text field) leaves a fast typist’s words and PIN alone', () => {
    const clock = { t: 0 };
    const strict = new WedgeDetector(() => clock.t, { maxGapMs: 25, minLength: 20 });
    expect(typeAt(strict, clock, [...keysOf('Wrong day'), 'Enter'], 30).at(-1)).toBeNull();
    expect(typeAt(strict, clock, [...keysOf('12345678'), 'Enter'], 10).at(-1)).toBeNull();
    expect(typeAt(strict, clock, [...keysOf('eyJhbGciOiJFZERTQSJ9.eyJzdWIi'), 'Enter'], 4).at(-1)).toBe(
      'eyJhbGciOiJFZERTQSJ9.eyJzdWIi',
    );
  });
});
