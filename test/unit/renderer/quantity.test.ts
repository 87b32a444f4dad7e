import { describe, expect, it } from 'vitest';
import {
  applyQuantityKey,
  quantityFromTyped,
  quantityOf,
  stepQuantity,
} from '../../../src/renderer/src/lib/quantity.js';

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

describe('stepQuantity', () => {
  it('steps by one between 1 and the maximum', () => {
    expect(stepQuantity(2, 1, 10)).toBe(3);
    expect(stepQuantity(2, -1, 10)).toBe(1);
    expect(stepQuantity(1, -1, 10)).toBe(1);
    expect(stepQuantity(10, 1, 10)).toBe(10);
    // From an emptied field, + gives one ticket.
    expect(stepQuantity(0, 1, 10)).toBe(1);
  });
});

describe('quantityFromTyped', () => {
  it('reads what an on-screen keyboard typed, digits only', () => {
    expect(quantityFromTyped('12', 100)).toMatchObject({ text: '12', value: 12, refused: null });
    expect(quantityFromTyped(' 3x', 10)).toMatchObject({ text: '3', value: 3 });
    expect(quantityFromTyped('', 10)).toMatchObject({ text: '', value: 0 });
  });

  it('refuses past the maximum the way typed digits are refused', () => {
    expect(quantityFromTyped('15', 10)).toMatchObject({ text: '1', value: 1, refused: 'At most 10 here.' });
    expect(quantityFromTyped('9', 4)).toMatchObject({ text: '4', value: 4, refused: 'At most 4 here.' });
  });
});

describe('quantityOf', () => {
  it('gives the text a chosen number shows', () => {
    expect(quantityOf(3)).toMatchObject({ text: '3', value: 3, refused: null });
    expect(quantityOf(0)).toMatchObject({ text: '', value: 0 });
  });
});
