import type { BackupView, SettingsView } from '../api/types.js';
import { formatDateTime } from './datetime.js';

/** 12582912 → "12 MB": sizes as a file manager shows them, to the nearest whole unit but small ones. */
export function sizeWords(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || size >= 10 ? Math.round(size) : Math.round(size * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** "29 Nov 2026, 21:04, 12 MB, /media/usb/backups" — one saved backup, as Settings lists it. */
export function backupLine(backup: BackupView): string {
  const kind = backup.automatic ? ' (automatic, after a shift closed)' : '';
  return `${formatDateTime(backup.created_at)}, ${sizeWords(backup.size_bytes)}, ${backup.folder}${kind}`;
}

/**
 * Settings › Backup's line on the backup saved on its own after each shift close: whether it is
 * on, and how the last one went, in words a manager acts on (a failure says why). `newestListed`:
 * the newest automatic backup the list below shows, for a store whose settings have no attempt
 * noted (one restored from a backup older than the note): the line must not say there is none
 * beside a list that shows one.
 */
export function autoBackupWords(
  settings: Pick<SettingsView, 'auto_backup' | 'last_auto_backup'>,
  newestListed: BackupView | null = null,
): {
  ok: boolean;
  words: string;
} {
  const last = settings.last_auto_backup;
  if (!settings.auto_backup)
    return { ok: true, words: 'No backup is saved when a shift closes: turned off.' };
  if (!last && newestListed)
    return {
      ok: true,
      words: `Last automatic backup ${formatDateTime(newestListed.created_at)}: saved in ${newestListed.path}.`,
    };
  if (!last)
    return {
      ok: true,
      words:
        'A backup is saved after each shift close. No automatic backup yet: the first is saved when a shift closes.',
    };
  if (last.ok)
    return {
      ok: true,
      words: `Last automatic backup ${formatDateTime(last.at)}: saved in ${last.path ?? last.folder}.`,
    };
  return {
    ok: false,
    words: `Last automatic backup ${formatDateTime(last.at)} failed. ${last.error ?? ''}`.trim(),
  };
}

/** What the manager is told once a backup is saved. */
export function backupSavedWords(backup: BackupView): string {
  const holds =
    backup.orders === null ? '' : ` It holds ${backup.orders} orders and ${backup.tickets ?? 0} tickets.`;
  return `Backup saved (${sizeWords(backup.size_bytes)}) in ${backup.path}.${holds}`;
}

/**
 * Settings › Backup's line once the venue's data was restored from a backup: which one, and that
 * sales after its newest are not here (the manager re-sells those). Null when it never was.
 */
export function restoredWords(settings: Pick<SettingsView, 'restored_from'>): string | null {
  const restored = settings.restored_from;
  if (!restored) return null;
  const newest = restored.newest_order_at
    ? `its newest sale was at ${formatDateTime(restored.newest_order_at)}`
    : 'it held no sale';
  return (
    `This venue's data was restored on ${formatDateTime(restored.at)} from ${restored.backup}: ` +
    `${newest}, so anything sold after that is not here.`
  );
}
