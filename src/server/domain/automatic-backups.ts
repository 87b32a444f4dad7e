import type { FastifyBaseLogger } from 'fastify';
import { clearAutoBackupDue, readAutoBackupDue, writeAutoBackupDue } from '../store/auto-backup-due.js';
import { toIso } from '../time.js';
import type { BackupsService } from './backups.js';
import type { SettingsService } from './settings.js';

/** Automatic backups kept in the folder; older automatic ones are deleted, manual ones never. */
export const automaticBackupsKept = 14;

/**
 * A backup saved on its own after every till shift closes (the Z report, the natural end of a
 * night), so the night's sales survive a laptop's disk dying before anyone thinks to press Back up
 * now. It starts only once the close has answered and runs in the backup thread, so a close is
 * never slowed or failed by it; its result is kept in Settings (`last_auto_backup`) for the
 * manager, and a failure is logged once as a warning.
 */
export class AutomaticBackups {
  /** The automatic backups scheduled or being saved, until they have finished (lifecycle waits). */
  private current: Promise<void> | null = null;
  /**
   * The time of the latest close since the backup being saved began, or null. That backup's copy
   * may have been read before this close was written (`VACUUM INTO` copies one moment), so one more
   * follows it: two tills closing a second apart must both be in the night's backup.
   */
  private closedSinceStart: number | null = null;

  constructor(
    private readonly backups: BackupsService,
    private readonly settings: SettingsService,
    private readonly now: () => number,
    /** The data folder, where the backup owed is noted until it has been tried (store/auto-backup-due.ts). */
    private readonly dataDir: string,
  ) {}

  /**
   * Called by the close route once its answer is sent: the backup starts on the next turn of the
   * event loop, after the answer has left, unless turned off in Settings. A close made while one is
   * being saved (automatic or a manager's) is saved by one more backup after it: closes that come
   * meanwhile share that one, so a row of tills closing at once makes two backups, not one each.
   */
  afterShiftClosed(log: FastifyBaseLogger): void {
    if (!this.settings.autoBackupOn()) return;
    // Named by the close's time, not by when the thread got to it: the night it belongs to.
    const closedAt = this.now();
    if (this.current) {
      this.closedSinceStart = closedAt;
      return;
    }
    this.owe(closedAt, log);
    this.start(closedAt, log);
  }

  /**
   * Called once at start: a backup owed when the server last stopped without finishing it (killed
   * or the power cut while it was copied) is saved now, under its name, over the `.partial`
   * folder left of it. Otherwise that night's close would be in no backup until the next close.
   */
  resumeInterrupted(log: FastifyBaseLogger): void {
    const owed = readAutoBackupDue(this.dataDir, this.now());
    if (owed === null || this.current) return;
    if (!this.settings.autoBackupOn()) {
      this.forgive(log);
      return;
    }
    log.info({ closed_at: toIso(owed) }, 'automatic backup interrupted by the last stop: saving it now');
    this.start(owed, log);
  }

  private start(closedAt: number, log: FastifyBaseLogger): void {
    this.current = this.saveAfter(closedAt, log).finally(() => {
      this.current = null;
    });
  }

  /** Notes the backup owed in the data folder; if that fails, it is only not redone after a crash. */
  private owe(at: number, log: FastifyBaseLogger): void {
    try {
      writeAutoBackupDue(this.dataDir, at);
    } catch (err) {
      log.warn({ err }, 'could not note the automatic backup owed');
    }
  }

  private forgive(log: FastifyBaseLogger): void {
    try {
      clearAutoBackupDue(this.dataDir);
    } catch (err) {
      log.warn({ err }, 'could not clear the note of the automatic backup owed');
    }
  }

  /** Resolves once the automatic backups scheduled or running now have finished (saved or not). */
  async settled(): Promise<void> {
    await this.current;
  }

  private async saveAfter(closedAt: number, log: FastifyBaseLogger): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    // The first backup is already noted as owed, by its close (afterShiftClosed) or by the stop
    // that interrupted it (resumeInterrupted); only a follow-up is noted here, once.
    let at: number | null = closedAt;
    while (at !== null) {
      this.closedSinceStart = null;
      // Never an unhandled rejection that would stop the server: a close is never failed by this.
      await this.run(at, log).catch((err: unknown) =>
        log.warn({ err }, 'automatic backup after a shift close failed'),
      );
      at = this.closedSinceStart;
      // By the time it is named after: a crash leaves its `.partial`, which the redo at the next
      // start replaces (a follow-up within the same second is named a second later, data-folder-backup.ts).
      if (at !== null) this.owe(at, log);
    }
    // Tried (saved, or its failure noted in Settings): nothing is owed any more.
    this.forgive(log);
  }

  private async run(closedAt: number, log: FastifyBaseLogger): Promise<void> {
    // A manager's backup being saved now may have been copied before this close: wait, then save.
    await this.backups.idle();
    const folder = this.backups.folder();
    try {
      const made = await this.backups.take(automaticBackupsKept, { automatic: true, at: closedAt });
      this.note({ at: toIso(this.now()), ok: true, folder, path: made.path, error: null });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.note({ at: toIso(this.now()), ok: false, folder, path: null, error });
      // The folder and the reason in words: neither holds a key or a buyer's details.
      log.warn({ backup_folder: folder, reason: error }, 'automatic backup after a shift close failed');
    }
  }

  private note(result: Parameters<SettingsService['noteAutoBackup']>[0]): void {
    try {
      this.settings.noteAutoBackup(result);
    } catch {
      // The store cannot take it now (its own disk full): the warning above still says it.
    }
  }
}
