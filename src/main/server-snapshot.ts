import type { AppContext } from '../server/context.js';
import { SettingsService } from '../server/domain/settings.js';
import type { DeviceView } from '../server/schemas/devices.js';
import { PinnedTransport } from '../scanner/pinned-transport.js';
import type { TerminalConfig } from './terminal-config.js';
import type { ServerSnapshot } from './tray-status.js';

/** More devices than any venue has; stops a corrupt cursor chain from looping for ever. */
const maxDevicePages = 50;

function activeDevices(ctx: AppContext): DeviceView[] {
  const devices: DeviceView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxDevicePages; page += 1) {
    const list = ctx.scan.devices.list(100, cursor);
    devices.push(...list.data.filter((device) => device.revoked_at === null));
    if (!list.has_more || !list.next_cursor) break;
    cursor = list.next_cursor;
  }
  return devices;
}

/**
 * The host's state for the tray, read in-process through the same services the routes use (the
 * main process holds the app, so no HTTP round trip and no key are needed).
 */
export class HostStatusReader {
  private readonly settings: SettingsService;

  constructor(
    private readonly ctx: AppContext,
    private readonly url: string,
  ) {
    this.settings = new SettingsService(
      ctx.db,
      { venueName: ctx.options.venueName },
      ctx.attendantPin,
      ctx.actions,
    );
  }

  read(up = true): ServerSnapshot {
    const { ctx } = this;
    if (!up || !ctx.db.open) {
      return {
        mode: 'host',
        venue: ctx.options.venueName,
        url: this.url,
        up: false,
        doors: { online: 0, offline: 0 },
        tills: 0,
        webhooks: { online: true, endpoints: 0, queued: 0, failing: 0, failed: 0 },
      };
    }
    const devices = activeDevices(ctx);
    const doors = devices.filter((device) => device.scope === 'scanner');
    const queue = ctx.webhooks.deliveries.status();
    return {
      mode: 'host',
      venue: this.settings.view().venue_name,
      url: this.url,
      up: true,
      doors: {
        online: doors.filter((door) => door.online).length,
        offline: doors.filter((door) => !door.online).length,
      },
      tills: devices.filter((device) => device.scope === 'box_office').length,
      webhooks: {
        online: queue.online,
        endpoints: queue.endpoints.length,
        queued: queue.queued,
        failing: queue.failing,
        failed: queue.failed,
      },
    };
  }
}

/**
 * A joined till only knows whether its venue server answers: `GET /v2/health` through the pinned
 * transport (an impostor with another certificate counts as unreachable).
 */
export async function terminalSnapshot(config: TerminalConfig, timeoutMs = 3_000): Promise<ServerSnapshot> {
  const transport = new PinnedTransport(config.baseUrl, { fingerprint: config.fingerprint });
  let up = false;
  try {
    const answer = await transport.request({ method: 'GET', path: '/v2/health', timeoutMs });
    up = answer.status === 200;
  } catch {
    up = false;
  } finally {
    transport.close();
  }
  return { mode: 'terminal', venue: config.venue, url: config.baseUrl, up };
}
