/**
 * What the tray shows, as plain data: built from a snapshot of the server's state so the wording
 * and the warning rules are unit-tested without Electron. tray.ts turns it into a Tray and Menu.
 */

export interface DoorCounts {
  online: number;
  offline: number;
}

export interface WebhookQueue {
  /** No enabled endpoint is unreachable. */
  online: boolean;
  endpoints: number;
  queued: number;
  failing: number;
  failed: number;
}

export type ServerSnapshot =
  | {
      /** This machine hosts the venue: state read in-process from the running server. */
      mode: 'host';
      venue: string;
      /** The LAN address devices pair with. */
      url: string;
      up: boolean;
      doors: DoorCounts;
      /** Other tills paired with this venue. */
      tills: number;
      webhooks: WebhookQueue;
    }
  | {
      /** This till joined a venue hosted elsewhere; only reachability is known here. */
      mode: 'terminal';
      venue: string | null;
      url: string;
      up: boolean;
    };

export type TrayAction = 'open-box-office' | 'open-kiosk' | 'open-monitor' | 'quit';

export type TrayMenuItem =
  | { kind: 'status'; label: string }
  | { kind: 'separator' }
  | { kind: 'action'; action: TrayAction; label: string; enabled: boolean };

export type TrayLevel = 'ok' | 'warning' | 'down';

export interface TrayModel {
  level: TrayLevel;
  /** One line per fact; Windows cuts tooltips at 127 characters, so it is kept short. */
  tooltip: string;
  menu: TrayMenuItem[];
}

function doorsLine({ online, offline }: DoorCounts): string {
  if (online + offline === 0) return 'Doors: none paired';
  if (offline === 0) return `Doors: ${online} online`;
  return `Doors: ${online} online, ${offline} offline`;
}

function webhooksLine(queue: WebhookQueue): string {
  if (queue.endpoints === 0) return 'Webhooks: none set up';
  const counts = `${queue.queued} queued, ${queue.failing} failing, ${queue.failed} failed`;
  return `Webhooks ${queue.online ? 'online' : 'OFFLINE'}: ${counts}`;
}

/** Anything staff should look at turns the icon amber; a server that is down turns it red. */
export function trayLevel(snapshot: ServerSnapshot): TrayLevel {
  if (!snapshot.up) return 'down';
  if (snapshot.mode === 'terminal') return 'ok';
  const { doors, webhooks } = snapshot;
  const webhookTrouble = webhooks.endpoints > 0 && (!webhooks.online || webhooks.failed > 0);
  return doors.offline > 0 || webhookTrouble ? 'warning' : 'ok';
}

export function statusLines(snapshot: ServerSnapshot): string[] {
  if (snapshot.mode === 'terminal') {
    const venue = snapshot.venue ?? 'venue server';
    return [snapshot.up ? `Till of ${venue}` : `${venue}: UNREACHABLE`, `Server ${snapshot.url}`];
  }
  return [
    snapshot.up ? `Hosting ${snapshot.venue}` : `${snapshot.venue}: server STOPPED`,
    `Server ${snapshot.url}`,
    doorsLine(snapshot.doors),
    ...(snapshot.tills > 0 ? [`Other tills: ${snapshot.tills} paired`] : []),
    webhooksLine(snapshot.webhooks),
  ];
}

export function trayStatus(snapshot: ServerSnapshot): TrayModel {
  const lines = statusLines(snapshot);
  // The box office opens however the server is doing (it shows its own offline state); the kiosk
  // and the monitor are no use without it.
  const needsServer = snapshot.up;
  // The tooltip leaves out the address (long, and in the menu): state first.
  const brief = (snapshot.mode === 'host' ? [lines[0], lines[2], lines.at(-1)] : [lines[0]]).filter(
    (line): line is string => line !== undefined,
  );
  return {
    level: trayLevel(snapshot),
    tooltip: ['Marquee', ...brief].join('\n').slice(0, 127),
    menu: [
      ...lines.map((label): TrayMenuItem => ({ kind: 'status', label })),
      { kind: 'separator' },
      { kind: 'action', action: 'open-box-office', label: 'Open box office', enabled: true },
      { kind: 'action', action: 'open-kiosk', label: 'Open kiosk', enabled: needsServer },
      { kind: 'action', action: 'open-monitor', label: 'Open scan monitor', enabled: needsServer },
      { kind: 'separator' },
      { kind: 'action', action: 'quit', label: 'Quit', enabled: true },
    ],
  };
}
