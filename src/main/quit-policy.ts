export type ShellMode = 'first-run' | 'host' | 'terminal';

/**
 * Whether closing the last window quits. A host keeps running in the tray, because door devices
 * and other tills depend on its server, not on its window; but only when there is a tray to quit
 * from (some Linux desktops have none). A joined till or an undecided first run has nothing to
 * keep serving. macOS keeps apps alive without windows by convention.
 */
export function quitsWhenWindowsClose(
  mode: ShellMode,
  trayShown: boolean,
  platform: NodeJS.Platform,
): boolean {
  if (platform === 'darwin') return false;
  return !(mode === 'host' && trayShown);
}
