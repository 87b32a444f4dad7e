import type { BrowserWindowConstructorOptions } from 'electron';
import { hardenedWebPreferences } from './security.js';

/** The windows the shell opens on the venue UI; each role has at most one window. */
export type WindowRole = 'box-office' | 'kiosk' | 'monitor';

/** Renderer routes (history routing) each window opens on. */
const rolePaths: Record<WindowRole, string> = { 'box-office': '/', kiosk: '/kiosk', monitor: '/monitor' };

export function windowUrl(role: WindowRole, pageUrl: string): string {
  return new URL(rolePaths[role], pageUrl).href;
}

/** The till's main window; shown only once painted so staff never see a blank frame. */
export function boxOfficeWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Marquee box office',
    autoHideMenuBar: true,
    backgroundColor: '#111318',
    webPreferences: hardenedWebPreferences(preloadPath),
  };
}

/**
 * The customers' self-service screen: kiosk mode (full screen, no way to other apps or the
 * window frame) on whichever display it opens on, with the developer tools switched off for good
 * (no shortcut or menu can open them). windows.ts also removes its menu and blocks the shortcuts
 * of kiosk-lockdown.ts.
 */
export function kioskWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    ...boxOfficeWindowOptions(preloadPath),
    title: 'Marquee kiosk',
    kiosk: true,
    fullscreen: true,
    autoHideMenuBar: false,
    webPreferences: { ...hardenedWebPreferences(preloadPath), devTools: false },
  };
}

/** Windows that face customers: no menu bar, no developer tools, no reload or close shortcuts. */
export const isLockedDown = (role: WindowRole): boolean => role === 'kiosk';

/** The scan monitor: often on a second screen at the door desk, so a smaller default size. */
export function monitorWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    ...boxOfficeWindowOptions(preloadPath),
    width: 1100,
    height: 720,
    minWidth: 800,
    minHeight: 500,
    title: 'Marquee scan monitor',
  };
}

export function windowOptions(role: WindowRole, preloadPath: string): BrowserWindowConstructorOptions {
  if (role === 'kiosk') return kioskWindowOptions(preloadPath);
  if (role === 'monitor') return monitorWindowOptions(preloadPath);
  return boxOfficeWindowOptions(preloadPath);
}

/** "Host or join": small and fixed, the first thing a new till shows. */
export function firstRunWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    ...boxOfficeWindowOptions(preloadPath),
    width: 760,
    height: 820,
    minWidth: 560,
    minHeight: 600,
    title: 'Marquee: set up this till',
  };
}
