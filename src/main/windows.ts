import { BrowserWindow } from 'electron';
import { isBlockedKioskInput } from './kiosk-lockdown.js';
import {
  firstRunWindowOptions,
  isLockedDown,
  windowOptions,
  windowUrl,
  type WindowRole,
} from './window-options.js';

/**
 * The shell's windows: one per role (box office, kiosk, scan monitor) plus the first-run screen.
 * Remembers which web contents belongs to which role, because the bridge a preload receives
 * depends on the window (the kiosk gets a narrower key), not on the page it shows.
 */
export class AppWindows {
  private readonly byRole = new Map<WindowRole, BrowserWindow>();
  private readonly roles = new Map<number, WindowRole>();

  constructor(private readonly preloadPath: string) {}

  roleOf(webContentsId: number): WindowRole | undefined {
    return this.roles.get(webContentsId);
  }

  /** Brings the role's window to the front, opening it on `pageUrl` first if needed. */
  show(role: WindowRole, pageUrl: string): BrowserWindow {
    const existing = this.byRole.get(role);
    if (existing) {
      if (existing.isMinimized()) existing.restore();
      existing.focus();
      return existing;
    }
    const win = new BrowserWindow(windowOptions(role, this.preloadPath));
    if (isLockedDown(role)) lockDown(win);
    const id = win.webContents.id;
    this.byRole.set(role, win);
    this.roles.set(id, role);
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (this.byRole.get(role) === win) this.byRole.delete(role);
      this.roles.delete(id);
    });
    void win.loadURL(windowUrl(role, pageUrl));
    return win;
  }

  /** A second launch brings the box office forward (or whatever is open, on a first run). */
  focusAny(): void {
    const win = this.byRole.get('box-office') ?? BrowserWindow.getAllWindows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  }

  /** The first-run screen has no role, so its preload gets no bridge (and no key). */
  openFirstRun(url: string): BrowserWindow {
    const win = new BrowserWindow(firstRunWindowOptions(this.preloadPath));
    win.once('ready-to-show', () => win.show());
    void win.loadURL(url);
    return win;
  }
}

/**
 * No menu (and so none of its accelerators: reload, developer tools, close) and no shortcut a
 * customer could use to leave the kiosk screen; developer tools are off in its webPreferences.
 */
function lockDown(win: BrowserWindow): void {
  win.removeMenu();
  win.webContents.on('before-input-event', (event, input) => {
    if (isBlockedKioskInput(input)) event.preventDefault();
  });
  // Belt and braces: devTools: false already refuses to open them.
  win.webContents.on('devtools-opened', () => win.webContents.closeDevTools());
}
