/**
 * The kiosk window faces customers: beside kiosk mode (full screen, no frame), it has no menu, no
 * developer tools and none of the shortcuts that would open them, reload the page (losing a
 * payment in progress), close the window or walk its history. Pure, so it is tested without
 * Electron (test/unit/main/kiosk-lockdown.test.ts); windows.ts wires it to `before-input-event`.
 */

/** The fields of Electron's `Input` this rule reads. */
export interface KeyInput {
  type: string;
  key: string;
  control: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/** Ctrl (or ⌘) + letter shortcuts a customer must not have. */
const blockedWithModifier = new Set([
  'r', // reload
  'w', // close the window
  'q', // quit
  'n', // new window
  't', // new tab
  'o', // open a file
  'p', // print dialog
  's', // save page
  'u', // view source
  'l', // location bar (where there is one)
  '[', // back
  ']', // forward
]);

/** Ctrl (or ⌘) + Shift + letter: the developer tools and their panels. */
const devToolsWithShift = new Set(['i', 'j', 'c', 'k', 'm', 'r', 'delete']);

const functionKeys = new Set(['f5', 'f7', 'f11', 'f12', 'browserback', 'browserforward', 'browserrefresh']);

export function isBlockedKioskInput(input: KeyInput): boolean {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return false;
  const key = input.key.toLowerCase();
  if (functionKeys.has(key)) return true;
  // Alt+Left/Right walk the history; Alt+F4 closes (where the window manager lets us see it).
  if (input.alt && (key === 'arrowleft' || key === 'arrowright' || key === 'f4' || key === 'home'))
    return true;
  const modifier = input.control || input.meta;
  if (!modifier) return false;
  if (input.shift) return devToolsWithShift.has(key) || blockedWithModifier.has(key);
  // ⌘⌥I on macOS opens the developer tools too.
  if (input.alt && (key === 'i' || key === 'j' || key === 'c')) return true;
  return blockedWithModifier.has(key);
}
