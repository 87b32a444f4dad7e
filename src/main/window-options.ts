import type { BrowserWindowConstructorOptions } from 'electron';
import { hardenedWebPreferences } from './security.js';

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
