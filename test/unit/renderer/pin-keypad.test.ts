import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  digitsTypedWords,
  emptyKeypad,
  keypadKeyOf,
  maskedPin,
  pressKey,
  type KeypadKey,
  type KeypadState,
} from '../../../src/renderer/src/lib/pin-keypad.js';

const press = (...keys: KeypadKey[]): KeypadState => keys.reduce(pressKey, emptyKeypad);

describe('the PIN keypad', () => {
  it('collects digits and hands the PIN over once on Enter, emptying the display', () => {
    const typed = press('1', '2', '3', '4');
    expect(typed).toEqual({ digits: '1234', submit: null });
    expect(pressKey(typed, 'enter')).toEqual({ digits: '', submit: '1234' });
  });

  it('does not submit fewer than 4 digits, and keeps them for the next digit', () => {
    expect(press('1', '2', '3', 'enter')).toEqual({ digits: '123', submit: null });
    expect(canSubmit('123')).toBe(false);
    expect(canSubmit('12345678')).toBe(true);
  });

  it('ignores a ninth digit instead of making a PIN no one has', () => {
    expect(press('1', '2', '3', '4', '5', '6', '7', '8', '9').digits).toBe('12345678');
  });

  it('clears everything and takes back one digit', () => {
    expect(press('1', '2', 'back').digits).toBe('1');
    expect(press('1', '2', 'clear')).toEqual(emptyKeypad);
    expect(press('back').digits).toBe('');
  });

  it('a submitted PIN is handed over only once: the next key clears the hand-over', () => {
    expect(press('1', '2', '3', '4', 'enter', '5')).toEqual({ digits: '5', submit: null });
  });

  it('reads the physical keyboard: top-row and numeric-pad digits, Enter, Backspace, Escape', () => {
    expect(['0', '7', 'Enter', 'Backspace', 'Escape', 'Delete'].map((key) => keypadKeyOf(key))).toEqual([
      '0',
      '7',
      'enter',
      'back',
      'clear',
      'clear',
    ]);
    expect(keypadKeyOf('a')).toBeNull();
    expect(keypadKeyOf('F1')).toBeNull();
  });

  it('leaves Enter on a focused button to that button; its digits still type', () => {
    expect(keypadKeyOf('Enter', { onButton: true })).toBeNull();
    expect(keypadKeyOf('Enter', { onButton: false })).toBe('enter');
    expect(keypadKeyOf('5', { onButton: true })).toBe('5');
    expect(keypadKeyOf('Backspace', { onButton: true })).toBe('back');
  });

  it('signs in on Enter right after a typed digit, even with a keypad button focused', () => {
    expect(keypadKeyOf('Enter', { onButton: true, afterTypedDigit: true })).toBe('enter');
    expect(keypadKeyOf('Enter', { onButton: true, afterTypedDigit: false })).toBeNull();
  });

  it('shows dots, never digits', () => {
    expect(maskedPin('2468')).toBe('••••');
    expect(maskedPin('')).toBe('');
  });
});

describe('what a screen reader hears of the PIN typed', () => {
  it('counts the digits in words, never saying them', () => {
    expect(digitsTypedWords('')).toBe('0 digits typed');
    expect(digitsTypedWords('7')).toBe('1 digit typed');
    expect(digitsTypedWords('2468')).toBe('4 digits typed');
  });
});
