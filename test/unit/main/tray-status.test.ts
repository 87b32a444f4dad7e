import { describe, expect, it } from 'vitest';
import { trayMenuTemplate } from '../../../src/main/tray-menu.js';
import {
  statusLines,
  trayLevel,
  trayStatus,
  type ServerSnapshot,
  type TrayAction,
} from '../../../src/main/tray-status.js';

const host = (over: Partial<Extract<ServerSnapshot, { mode: 'host' }>> = {}): ServerSnapshot => ({
  mode: 'host',
  venue: 'The Roxy',
  url: 'https://192.168.1.20:4380',
  up: true,
  doors: { online: 2, offline: 0 },
  tills: 0,
  webhooks: { online: true, endpoints: 1, queued: 0, failing: 0, failed: 0 },
  ...over,
});

const actionsOf = (snapshot: ServerSnapshot) =>
  trayStatus(snapshot).menu.flatMap((item) => (item.kind === 'action' ? [item] : []));

describe('trayStatus for a host', () => {
  it('shows server, doors and webhook queue, then the window entries and Quit', () => {
    const model = trayStatus(host({ doors: { online: 2, offline: 1 }, tills: 1 }));
    expect(model.menu.filter((i) => i.kind === 'status').map((i) => (i as { label: string }).label)).toEqual([
      'Hosting The Roxy',
      'Server https://192.168.1.20:4380',
      'Doors: 2 online, 1 offline',
      'Other tills: 1 paired',
      'Webhooks online: 0 queued, 0 failing, 0 failed',
    ]);
    expect(actionsOf(host()).map((a) => [a.action, a.label, a.enabled])).toEqual([
      ['open-box-office', 'Open box office', true],
      ['open-kiosk', 'Open kiosk', true],
      ['open-monitor', 'Open scan monitor', true],
      ['quit', 'Quit', true],
    ]);
    expect(model.menu.filter((i) => i.kind === 'separator')).toHaveLength(2);
  });

  it('is green when all is well', () => {
    expect(trayLevel(host())).toBe('ok');
  });

  it('turns amber for an offline door, an unreachable receiver or failed deliveries', () => {
    expect(trayLevel(host({ doors: { online: 1, offline: 1 } }))).toBe('warning');
    const offline = { online: false, endpoints: 1, queued: 40, failing: 2, failed: 0 };
    expect(trayLevel(host({ webhooks: offline }))).toBe('warning');
    expect(statusLines(host({ webhooks: offline })).at(-1)).toBe(
      'Webhooks OFFLINE: 40 queued, 2 failing, 0 failed',
    );
    expect(
      trayLevel(host({ webhooks: { online: true, endpoints: 1, queued: 0, failing: 0, failed: 3 } })),
    ).toBe('warning');
  });

  it('does not nag about webhooks or doors that were never set up', () => {
    const none = host({
      doors: { online: 0, offline: 0 },
      webhooks: { online: true, endpoints: 0, queued: 0, failing: 0, failed: 0 },
    });
    expect(trayLevel(none)).toBe('ok');
    expect(statusLines(none)).toContain('Doors: none paired');
    expect(statusLines(none)).toContain('Webhooks: none set up');
  });

  it('turns red and disables kiosk and monitor when the server is down, but keeps the box office', () => {
    const model = trayStatus(host({ up: false }));
    expect(model.level).toBe('down');
    expect(statusLines(host({ up: false }))[0]).toBe('The Roxy: server STOPPED');
    expect(Object.fromEntries(actionsOf(host({ up: false })).map((a) => [a.action, a.enabled]))).toEqual({
      'open-box-office': true,
      'open-kiosk': false,
      'open-monitor': false,
      quit: true,
    });
  });

  it('keeps the tooltip within the 127 characters Windows shows, state before address', () => {
    const long = trayStatus(host({ venue: 'A'.repeat(200), doors: { online: 12, offline: 3 } }));
    expect(long.tooltip.length).toBeLessThanOrEqual(127);
    const tip = trayStatus(host({ doors: { online: 3, offline: 1 } })).tooltip;
    expect(tip).toBe(
      'Marquee\nHosting The Roxy\nDoors: 3 online, 1 offline\nWebhooks online: 0 queued, 0 failing, 0 failed',
    );
  });
});

describe('trayStatus for a joined till', () => {
  const terminal = (up: boolean): ServerSnapshot => ({
    mode: 'terminal',
    venue: 'The Roxy',
    url: 'https://192.168.1.20:4380',
    up,
  });

  it('names the venue it belongs to and where that is', () => {
    expect(statusLines(terminal(true))).toEqual(['Till of The Roxy', 'Server https://192.168.1.20:4380']);
    expect(trayStatus(terminal(true))).toMatchObject({ level: 'ok', tooltip: 'Marquee\nTill of The Roxy' });
  });

  it('says so loudly when the venue server cannot be reached', () => {
    expect(trayStatus(terminal(false))).toMatchObject({
      level: 'down',
      tooltip: 'Marquee\nThe Roxy: UNREACHABLE',
    });
  });
});

describe('trayMenuTemplate', () => {
  it('makes status lines inert and wires each entry to its action', () => {
    const clicked: TrayAction[] = [];
    const record = (action: TrayAction) => () => clicked.push(action);
    const template = trayMenuTemplate(trayStatus(host({ up: false })), {
      'open-box-office': record('open-box-office'),
      'open-kiosk': record('open-kiosk'),
      'open-monitor': record('open-monitor'),
      quit: record('quit'),
    });
    expect(template[0]).toEqual({ label: 'The Roxy: server STOPPED', enabled: false });
    expect(template.filter((item) => item.type === 'separator')).toHaveLength(2);
    const kiosk = template.find((item) => item.id === 'open-kiosk')!;
    expect(kiosk).toMatchObject({ label: 'Open kiosk', enabled: false });
    for (const item of template) item.click?.(undefined as never, undefined, undefined as never);
    expect(clicked).toEqual(['open-box-office', 'open-kiosk', 'open-monitor', 'quit']);
  });
});
