import type { BackupView } from '../api/types.js';
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
  return `${formatDateTime(backup.created_at)}, ${sizeWords(backup.size_bytes)}, ${backup.folder}`;
}

/** What the manager is told once a backup is saved. */
export function backupSavedWords(backup: BackupView): string {
  const holds =
    backup.orders === null ? '' : ` It holds ${backup.orders} orders and ${backup.tickets ?? 0} tickets.`;
  return `Backup saved (${sizeWords(backup.size_bytes)}) in ${backup.path}.${holds}`;
}
