import { PinnedTransport } from '../scanner/pinned-transport.js';
import type { DesktopFacade } from '../server/desktop-facade.js';
import type { TerminalConfig } from './terminal-config.js';
import type { ServerSnapshot } from './tray-status.js';

/**
 * The host's state for the tray, read in-process through the server's desktop facade (the main
 * process holds the server, so no HTTP round trip and no key are needed).
 */
export class HostStatusReader {
  constructor(
    private readonly server: DesktopFacade,
    private readonly url: string,
  ) {}

  read(up = true): ServerSnapshot {
    const { server } = this;
    if (!up || !server.isOpen()) {
      return {
        mode: 'host',
        venue: server.venueName(),
        url: this.url,
        up: false,
        doors: { online: 0, offline: 0 },
        tills: 0,
        webhooks: { online: true, endpoints: 0, queued: 0, failing: 0, failed: 0 },
      };
    }
    const devices = server.activeDevices();
    const doors = devices.filter((device) => device.scope === 'scanner');
    return {
      mode: 'host',
      venue: server.venueName(),
      url: this.url,
      up: true,
      doors: {
        online: doors.filter((door) => door.online).length,
        offline: doors.filter((door) => !door.online).length,
      },
      tills: devices.filter((device) => device.scope === 'box_office').length,
      webhooks: server.webhookQueue(),
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
