import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/renderer/src/lib/datetime.js';
import { autoBackupWords, restoredWords } from '../../../src/renderer/src/lib/backup-words.js';

// Settings › Backup's line on the backup saved after each shift close: on or off, and how the
// last one went, a failure with its reason as the server gave it.

const at = '2026-11-30T01:12:00.000Z';
const saved = {
  at,
  ok: true,
  folder: '/media/usb/backups',
  path: '/media/usb/backups/marquee-backup-20261130T011200Z-auto',
  error: null,
};
const full = {
  at,
  ok: false,
  folder: '/media/usb/backups',
  path: null,
  error: 'The disk holding /media/usb/backups is full, so no backup was saved (sales are not affected).',
};

describe('autoBackupWords', () => {
  it('says where the last one was saved, or that there is none yet', () => {
    expect(autoBackupWords({ auto_backup: true, last_auto_backup: saved })).toEqual({
      ok: true,
      words: `Last automatic backup ${formatDateTime(at)}: saved in ${saved.path}.`,
    });
    expect(autoBackupWords({ auto_backup: true, last_auto_backup: null })).toEqual({
      ok: true,
      words:
        'A backup is saved after each shift close. No automatic backup yet: the first is saved when a shift closes.',
    });
  });

  it('never says there is none beside a list that shows one (a store restored from an older backup)', () => {
    const listed = {
      object: 'backup' as const,
      name: 'marquee-backup-20261129T230000Z-auto',
      path: '/media/usb/backups/marquee-backup-20261129T230000Z-auto',
      folder: '/media/usb/backups',
      created_at: '2026-11-29T23:00:00.000Z',
      automatic: true,
      size_bytes: 4096,
      orders: null,
      tickets: null,
    };
    expect(autoBackupWords({ auto_backup: true, last_auto_backup: null }, listed)).toEqual({
      ok: true,
      words: `Last automatic backup ${formatDateTime(listed.created_at)}: saved in ${listed.path}.`,
    });
    // The settings' own note wins: it also knows of a failure the list cannot show.
    expect(autoBackupWords({ auto_backup: true, last_auto_backup: full }, listed).ok).toBe(false);
  });

  it('says a failure with the reason, and that it is off when turned off', () => {
    expect(autoBackupWords({ auto_backup: true, last_auto_backup: full })).toEqual({
      ok: false,
      words: `Last automatic backup ${formatDateTime(at)} failed. ${full.error}`,
    });
    expect(autoBackupWords({ auto_backup: false, last_auto_backup: full }).words).toBe(
      'No backup is saved when a shift closes: turned off.',
    );
  });
});

describe('restoredWords', () => {
  it('names the backup the data was restored from and what is not here, or says nothing', () => {
    const restored = {
      backup: 'marquee-backup-20261129T203000Z',
      at,
      orders: 157,
      tickets: 314,
      newest_order_at: '2026-11-29T20:29:57.072Z',
    };
    expect(restoredWords({ restored_from: restored })).toBe(
      `This venue's data was restored on ${formatDateTime(at)} from marquee-backup-20261129T203000Z: ` +
        `its newest sale was at ${formatDateTime(restored.newest_order_at)}, so anything sold after that is not here.`,
    );
    expect(restoredWords({ restored_from: { ...restored, newest_order_at: null } })).toMatch(
      /it held no sale/,
    );
    expect(restoredWords({ restored_from: null })).toBeNull();
  });
});
