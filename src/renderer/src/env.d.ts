/// <reference types="vite/client" />
import type { MarqueeBridge } from '../../shared/bridge.js';

declare global {
  interface Window {
    /** Present only inside the desktop app; a browser on the LAN has no bridge. */
    readonly marquee?: MarqueeBridge;
  }
}
