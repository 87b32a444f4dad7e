import { useState } from 'react';
import type { BackupView, SettingsView } from '../../api/types.js';
import { messageOf } from '../../api/api-error.js';
import { autoBackupWords } from '../../lib/backup-words.js';

/**
 * Settings › Backup: the switch for the backup saved on its own after each shift close, and how
 * the last one went (a failure in the error colour, with its reason; lib/backup-words.ts).
 */
export function AutoBackupLine({
  settings,
  newestListed,
  onToggle,
}: {
  settings: Pick<SettingsView, 'auto_backup' | 'last_auto_backup'>;
  /** The newest automatic backup the panel lists, null when it lists none. */
  newestListed: BackupView | null;
  onToggle: (on: boolean) => Promise<unknown>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const { ok, words } = autoBackupWords(settings, newestListed);
  const toggle = async (on: boolean) => {
    try {
      await onToggle(on);
      setProblem(null);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  return (
    <div className="auto-backup">
      <label className="choice">
        <input
          type="checkbox"
          checked={settings.auto_backup}
          onChange={(e) => void toggle(e.target.checked)}
        />{' '}
        Save a backup after each shift close
      </label>
      <p className={ok ? 'muted small' : 'field-error'} role={ok ? undefined : 'alert'}>
        {words}
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
