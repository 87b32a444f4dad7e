import type { MarqueeBridge } from '../shared/bridge.js';
import { isTrustedSender } from './security.js';
import type { WindowRole } from './window-options.js';

export interface Bridges {
  /** Box office and scan monitor: the key staff work with (admin on a host, the till's own key when joined). */
  staff: MarqueeBridge;
  /**
   * The customers' kiosk: a `kiosk` key, never a staff one. Asked for only when a kiosk window
   * opens, so a host that never shows one does not collect a key it does not use.
   */
  kiosk: () => MarqueeBridge;
}

/**
 * A joined till holds only its own `box_office` key and cannot make a kiosk key (that takes an
 * admin), so its kiosk window gets no key at all: it opens on the kiosk sign-in, where staff paste
 * a kiosk key or a kiosk pairing code (docs/ui.md "Kiosk").
 */
export function joinedBridges(till: MarqueeBridge): Bridges {
  return { staff: till, kiosk: () => ({ ...till, apiKey: '' }) };
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
