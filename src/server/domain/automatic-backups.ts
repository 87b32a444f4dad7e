import type { FastifyBaseLogger } from 'fastify';
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
  /** The automatic backup scheduled or being saved, until it has finished (lifecycle waits for it). */
  private current: Promise<void> | null = null;

  constructor(
    private readonly backups: BackupsService,
    private readonly settings: SettingsService,
    private readonly now: () => number,
  ) {}

  /**
   * Called by the close route once its answer is sent: the backup starts on the next turn of the
   * event loop, after the answer has left, unless turned off in Settings or one is already being
   * saved (that one stands for this close: a second at once would only compete for the disk).
   */
  afterShiftClosed(log: FastifyBaseLogger): void {
    if (this.current || !this.settings.autoBackupOn()) return;
    // Named by the close's time, not by when the thread got to it: the night it belongs to.
    const closedAt = this.now();
    const started = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(closedAt, log))
      // Never an unhandled rejection that would stop the server: a close is never failed by this.
      .catch((err: unknown) => log.warn({ err }, 'automatic backup after a shift close failed'));
    this.current = started.finally(() => {
      this.current = null;
    });
  }

  /** Resolves once the automatic backup scheduled or running now has finished (saved or not). */
  async settled(): Promise<void> {
    await this.current;
  }

  private async run(closedAt: number, log: FastifyBaseLogger): Promise<void> {
    // A manager's backup being saved right now stands for this close, as above.
    if (this.backups.isRunning()) return;
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
