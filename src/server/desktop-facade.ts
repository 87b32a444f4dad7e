import type { AppContext } from './context.js';
import type { ApiKeys } from './domain/api-keys.js';

/** More devices than any venue has; stops a corrupt cursor chain from looping for ever. */
const maxDevicePages = 50;

/** A paired device as the tray counts it. */
export interface DesktopDevice {
  scope: string;
  online: boolean;
}

/** The webhook queue as the tray reports it. */
export interface DesktopWebhookQueue {
  online: boolean;
  endpoints: number;
  queued: number;
  failing: number;
  failed: number;
}

/**
 * What the desktop shell (src/main) may ask of the server it hosts: a few reads for the tray and
 * the kiosk window's key. The shell uses this instead of reaching into services and the store, so
 * the server can change inside without the shell noticing.
 */
export interface DesktopFacade {
  /** False once the store has closed (the server is stopping). */
  isOpen(): boolean;
  /** The venue's name as Settings has it now (as at start once the store has closed). */
  venueName(): string;
  /** Paired devices that are not revoked. */
  activeDevices(): DesktopDevice[];
  webhookQueue(): DesktopWebhookQueue;
  /** The kiosk window's key is minted and checked through these (main/kiosk-key.ts). */
  keys: Pick<ApiKeys, 'authenticate' | 'revoke' | 'create'>;
}

export function desktopFacade(ctx: AppContext): DesktopFacade {
  return {
    isOpen: () => ctx.db.open,
    // A closed store cannot be read; the name the server started with is the best left.
    venueName: () => (ctx.db.open ? ctx.settings.venueName() : ctx.options.venueName),
    activeDevices: () => {
      const devices: DesktopDevice[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < maxDevicePages; page += 1) {
        const list = ctx.scan.devices.list(100, cursor);
        for (const device of list.data) {
          if (device.revoked_at === null) devices.push({ scope: device.scope, online: device.online });
        }
        if (!list.has_more || !list.next_cursor) break;
        cursor = list.next_cursor;
      }
      return devices;
    },
    webhookQueue: () => {
      const queue = ctx.webhooks.deliveries.status();
      return {
        online: queue.online,
        endpoints: queue.endpoints.length,
        queued: queue.queued,
        failing: queue.failing,
        failed: queue.failed,
      };
    },
    keys: ctx.keys,
  };
}
