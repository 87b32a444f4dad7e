import type { MarqueeBridge } from '../shared/bridge.js';
import { isTrustedSender } from './security.js';
import type { WindowRole } from './window-options.js';

export interface Bridges {
  /** Box office and scan monitor: the key staff work with (admin on a host, the till's own key when joined). */
  staff: MarqueeBridge;
  /**
   * The customers' kiosk: a `box_office` key, never the admin one. Asked for only when a kiosk
   * window opens, so a host that never shows one does not collect a key it does not use.
   */
  kiosk: () => MarqueeBridge;
}

/**
 * What the preload of a window may receive: nothing for frames off the app origin or for windows
 * the shell did not open as one of its roles (the first-run screen), and the kiosk's narrower key
 * for the kiosk window whatever page it has been navigated to.
 */
export function bridgeAnswer(
  bridges: Bridges | null,
  appOrigin: string,
  senderUrl: string | undefined,
  role: WindowRole | undefined,
): MarqueeBridge | null {
  if (!bridges || role === undefined || !isTrustedSender(appOrigin, senderUrl)) return null;
  return role === 'kiosk' ? bridges.kiosk() : bridges.staff;
}
