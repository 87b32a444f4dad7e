import type { MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayModel } from './tray-status.js';

/** Turns the tray model into Electron's menu template; status lines are shown but not clickable. */
export function trayMenuTemplate(
  model: TrayModel,
  actions: Readonly<Record<TrayAction, () => void>>,
): MenuItemConstructorOptions[] {
  return model.menu.map((item): MenuItemConstructorOptions => {
    if (item.kind === 'separator') return { type: 'separator' };
    if (item.kind === 'status') return { label: item.label, enabled: false };
    return { id: item.action, label: item.label, enabled: item.enabled, click: () => actions[item.action]() };
  });
}
