import { describe, expect, it } from 'vitest';
import { applyQuantityKey } from '../../../src/renderer/src/lib/quantity.js';

const type = (keys: string[], max: number) =>
  keys.reduce((entry, key) => applyQuantityKey(entry.text, key, max), applyQuantityKey('', 'Escape', max));

describe('applyQuantityKey', () => {
  it('builds a number from digits and edits it with Backspace', () => {
    expect(type(['1', '2'], 100)).toMatchObject({ text: '12', value: 12, refused: null });
    expect(type(['1', '2', 'Backspace'], 100)).toMatchObject({ text: '1', value: 1 });
    expect(type(['1', 'Backspace'], 100)).toMatchObject({ text: '', value: 0 });
  });

  it('ignores a leading zero and keys that are not digits', () => {
    expect(type(['0', '0', '3'], 10)).toMatchObject({ text: '3', value: 3 });
    expect(type(['3', 'a', '.', '-'], 10)).toMatchObject({ text: '3', value: 3 });
  });

  it('refuses a digit that would pass the maximum, keeping the last good number', () => {
    const entry = type(['1', '5'], 10);
    expect(entry).toMatchObject({ text: '1', value: 1, refused: 'At most 10 here.' });
    expect(type(['4'], 0)).toMatchObject({ value: 0, refused: 'None left to sell.' });
    // On an empty field a digit over the maximum leaves the maximum, not an empty field.
    expect(type(['9'], 4)).toMatchObject({ text: '4', value: 4, refused: 'At most 4 here.' });
  });

  it('clears with Escape or Delete', () => {
    expect(type(['7', 'Escape'], 10)).toMatchObject({ text: '', value: 0 });
    expect(type(['7', 'Delete'], 10)).toMatchObject({ text: '', value: 0 });
  });
});
