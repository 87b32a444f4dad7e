/**
 * The till's PIN keypad: big buttons for touch screens, and the physical keyboard's digits, both
 * pressing the same keys. Pure, so the screen only draws what this answers.
 */
export const pinMinDigits = 4;
export const pinMaxDigits = 8;

export type KeypadKey =
  '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'clear' | 'back' | 'enter';

export interface KeypadState {
  digits: string;
  /** A PIN handed over by Enter, for the screen to send once; null otherwise. */
  submit: string | null;
}

export const emptyKeypad: KeypadState = { digits: '', submit: null };

export function pressKey(state: KeypadState, key: KeypadKey): KeypadState {
  if (key === 'clear') return emptyKeypad;
  if (key === 'back') return { digits: state.digits.slice(0, -1), submit: null };
  if (key === 'enter') {
    return canSubmit(state.digits) ? { digits: '', submit: state.digits } : { ...state, submit: null };
  }
  // A ninth digit is not a longer PIN, it is a slip: ignored, as on a card terminal.
  if (state.digits.length >= pinMaxDigits) return { ...state, submit: null };
  return { digits: state.digits + key, submit: null };
}

export function canSubmit(digits: string): boolean {
  return digits.length >= pinMinDigits && digits.length <= pinMaxDigits;
}

/**
 * A physical key as a keypad key (top row and numeric pad alike), or null for anything else.
 * Enter on a focused button (a keypad key reached by Tab, Sign out) is that button's, as Space
 * is: it presses the button, not the keypad's Enter. Anywhere else it signs in, and so it does
 * right after a digit typed on the keyboard even while a button has the focus: a seller who
 * touched one key and typed the rest means "sign in", not one more press of the touched key.
 */
export function keypadKeyOf(
  key: string,
  focus: { onButton: boolean; afterTypedDigit?: boolean } = { onButton: false },
): KeypadKey | null {
  if (isTypedDigit(key)) return key as KeypadKey;
  if (key === 'Enter') return focus.onButton && !focus.afterTypedDigit ? null : 'enter';
  if (key === 'Backspace') return 'back';
  if (key === 'Escape' || key === 'Delete') return 'clear';
  return null;
}

export function isTypedDigit(key: string): boolean {
  return /^[0-9]$/.test(key);
}

/** What a screen reader hears for the digits so far (the dots say nothing): never the digits. */
export function digitsTypedWords(digits: string): string {
  return `${digits.length} ${digits.length === 1 ? 'digit' : 'digits'} typed`;
}

/** What the screen shows for the digits so far: one dot each, never the digits. */
export function maskedPin(digits: string): string {
  return '•'.repeat(digits.length);
}
