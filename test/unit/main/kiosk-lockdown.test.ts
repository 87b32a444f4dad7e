import { describe, expect, it } from 'vitest';
import { isBlockedKioskInput, type KeyInput } from '../../../src/main/kiosk-lockdown.js';
import {
  boxOfficeWindowOptions,
  isLockedDown,
  kioskWindowOptions,
  windowOptions,
} from '../../../src/main/window-options.js';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  type: 'keyDown',
  key: k,
  control: false,
  meta: false,
  alt: false,
  shift: false,
  ...mods,
});

describe('the kiosk window', () => {
  it('has kiosk mode and no developer tools; staff windows keep theirs', () => {
    const kiosk = kioskWindowOptions('/app/preload.cjs');
    expect(kiosk).toMatchObject({ kiosk: true, fullscreen: true });
    expect(kiosk.webPreferences).toMatchObject({
      devTools: false,
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      preload: '/app/preload.cjs',
    });
    expect(windowOptions('kiosk', '/p').webPreferences?.devTools).toBe(false);
    expect(boxOfficeWindowOptions('/p').webPreferences?.devTools).toBeUndefined();
  });

  it('is the one window locked down (no menu, shortcuts blocked)', () => {
    expect(isLockedDown('kiosk')).toBe(true);
    expect(isLockedDown('box-office')).toBe(false);
    expect(isLockedDown('monitor')).toBe(false);
  });
});

describe('isBlockedKioskInput', () => {
  it('blocks the developer tools, on every platform’s shortcut', () => {
    for (const input of [
      key('F12'),
      key('I', { control: true, shift: true }),
      key('J', { control: true, shift: true }),
      key('C', { control: true, shift: true }),
      key('i', { meta: true, alt: true }),
    ])
      expect(isBlockedKioskInput(input), JSON.stringify(input)).toBe(true);
  });

  it('blocks reload, close, quit, print, new windows and history', () => {
    for (const input of [
      key('F5'),
      key('r', { control: true }),
      key('R', { control: true, shift: true }),
      key('r', { meta: true }),
      key('w', { control: true }),
      key('q', { meta: true }),
      key('p', { control: true }),
      key('n', { control: true }),
      key('u', { control: true }),
      key('ArrowLeft', { alt: true }),
      key('ArrowRight', { alt: true }),
      key('BrowserBack'),
      key('F4', { alt: true }),
    ])
      expect(isBlockedKioskInput(input), JSON.stringify(input)).toBe(true);
  });

  it('lets customers type: letters, digits, Enter, Backspace, arrows, and copy/paste', () => {
    for (const input of [
      key('a'),
      key('A', { shift: true }),
      key('7'),
      key('@', { shift: true }),
      key('Enter'),
      key('Backspace'),
      key('ArrowLeft'),
      key('Tab'),
      key('c', { control: true }),
      key('v', { control: true }),
      key('a', { control: true }),
      key('z', { meta: true }),
    ])
      expect(isBlockedKioskInput(input), JSON.stringify(input)).toBe(false);
  });

  it('judges key presses only, not their release', () => {
    expect(isBlockedKioskInput({ ...key('F12'), type: 'keyUp' })).toBe(false);
    expect(isBlockedKioskInput({ ...key('F12'), type: 'rawKeyDown' })).toBe(true);
  });
});
