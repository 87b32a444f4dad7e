import { Menu, nativeImage, Tray, type NativeImage } from 'electron';
import { trayIconPng } from './tray-icon.js';
import { trayMenuTemplate } from './tray-menu.js';
import { trayStatus, type ServerSnapshot, type TrayAction, type TrayLevel } from './tray-status.js';

export interface TrayOptions {
  read: () => ServerSnapshot | Promise<ServerSnapshot>;
  actions: Readonly<Record<TrayAction, () => void>>;
  /** Door presence and the webhook queue change by the second; a few seconds is fresh enough. */
  everyMs?: number;
  onError?: (error: unknown) => void;
}

export interface RunningTray {
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * The tray icon and its menu: state (server, doors, webhook queue) refreshed every few seconds,
 * and entries to open the box office, kiosk and scan monitor windows or quit.
 */
export function startTray({
  read,
  actions,
  everyMs = 5_000,
  onError = console.error,
}: TrayOptions): RunningTray {
  const icons = new Map<TrayLevel, NativeImage>();
  const icon = (level: TrayLevel): NativeImage => {
    let image = icons.get(level);
    if (!image) {
      image = nativeImage.createFromBuffer(trayIconPng(level, 32), { scaleFactor: 2 });
      icons.set(level, image);
    }
    return image;
  };
  const tray = new Tray(icon('ok'));
  let shown = '';
  let level: TrayLevel = 'ok';
  let busy = false;
  let stopped = false;

  const refresh = async (): Promise<void> => {
    // A slow probe of a remote venue must not pile up reads behind it.
    if (busy || stopped) return;
    busy = true;
    try {
      const model = trayStatus(await read());
      if (stopped) return;
      // Replacing an open menu closes it on some desktops: only when something changed.
      const key = JSON.stringify(model);
      if (key === shown) return;
      shown = key;
      if (model.level !== level) tray.setImage(icon(model.level));
      level = model.level;
      tray.setToolTip(model.tooltip);
      tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(model, actions)));
    } catch (error) {
      onError(error);
    } finally {
      busy = false;
    }
  };

  const timer = setInterval(() => void refresh(), everyMs);
  void refresh();
  return {
    refresh,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      tray.destroy();
    },
  };
}
