import { useEffect, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/api-error.js';
import { Field } from '../../components/field.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { backupLine, backupSavedWords, restoredWords } from '../../lib/backup-words.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useBackups } from '../../stores/backup-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { AutoBackupLine } from './auto-backup-line.js';

/** Backups listed at once: the newest few are what a manager checks before the doors open. */
const backupsShown = 5;

/**
 * Settings › Backup: a consistent copy of the venue's data (sales, tickets, signing keys) saved
 * on the computer running the venue server while the box office keeps selling, for a manager
 * who cannot use `npm run backup`. A spare laptop starts from it (docs/api.md).
 */
export function BackupPanel() {
  const settings = useSettings((s) => s.settings.data);
  const folder = settings?.backup_folder;
  const restored = settings ? restoredWords(settings) : null;
  const saveAutoBackup = useSettings((s) => s.saveAutoBackup);
  const saveBackupFolder = useSettings((s) => s.saveBackupFolder);
  const backups = useBackups((s) => s.backups);
  const saving = useBackups((s) => s.saving);
  const loadBackups = useBackups((s) => s.loadBackups);
  const saveBackup = useBackups((s) => s.saveBackup);
  const [outcome, setOutcome] = useState<{ ok: boolean; words: string } | null>(null);
  const [newFolder, setNewFolder] = useState('');
  const [folderError, setFolderError] = useState<SplitError | null>(null);
  const [folderSaved, setFolderSaved] = useState(false);
  const folderForm = useFocusFirstInvalid<HTMLFormElement>(folderError);

  useEffect(() => {
    void loadBackups();
  }, [loadBackups]);

  const save = async () => {
    if (saving) return;
    setOutcome(null);
    try {
      setOutcome({ ok: true, words: backupSavedWords(await saveBackup()) });
    } catch (err) {
      setOutcome({ ok: false, words: `No backup was saved. ${messageOf(err)}` });
    }
  };

  const changeFolder = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await saveBackupFolder(newFolder.trim() || null);
      setFolderError(null);
      setNewFolder('');
      setFolderSaved(true);
      // The last outcome named the old folder: read after the change it would say a backup is there.
      setOutcome(null);
      void loadBackups();
    } catch (err) {
      setFolderError(splitError(err, ['backup_folder']));
      setFolderSaved(false);
    }
  };

  const newest = (backups.data ?? []).slice(-backupsShown).reverse();
  const newestAutomatic = [...(backups.data ?? [])].reverse().find((b) => b.automatic) ?? null;
  return (
    <section className="panel span-2" aria-labelledby="backup-title">
      <h2 id="backup-title">Backup</h2>
      <p className="muted small">
        A copy of every sale, ticket and signing key, saved on the computer running the venue server while
        tills keep selling. If that computer fails, a spare laptop can start from the copy.
      </p>
      <p className="muted small">
        To go back to a backup: stop the venue server, move its data folder aside (keep it: it holds the sales
        made since), copy the backup&apos;s folder in its place and start the server again. Never copy a
        backup over the data folder.
      </p>
      <p>
        Backups go to <strong className="backup-folder">{folder ?? '…'}</strong>
      </p>
      <div className="row-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void save()}
          // Not `disabled`: that would take the keyboard off the button while the copy is made.
          aria-disabled={saving}
          aria-busy={saving}
        >
          {saving ? 'Saving a backup…' : 'Save a backup now'}
        </button>
      </div>
      {/* Always there, so a screen reader already watches it when the outcome is written in. */}
      <div role="status" data-testid="backup-outcome">
        {saving ? (
          <p className="state state-loading">
            <span className="spinner" aria-hidden="true" /> Saving a backup… Sales carry on meanwhile.
          </p>
        ) : null}
        {outcome?.ok ? <p className="muted">{outcome.words}</p> : null}
      </div>
      {outcome && !outcome.ok ? <ErrorNote message={outcome.words} onRetry={() => void save()} /> : null}
      {settings ? (
        <AutoBackupLine settings={settings} newestListed={newestAutomatic} onToggle={saveAutoBackup} />
      ) : null}
      {restored ? (
        <p data-testid="restored-from">
          <strong>{restored}</strong>
        </p>
      ) : null}
      <h3>Last backups</h3>
      <p className="muted small">
        Only this venue&apos;s backups are listed: another venue&apos;s backups saved in the same folder are
        left out.
      </p>
      {backups.state === 'loading' && !backups.data ? <Loading what="backups" /> : null}
      {backups.state === 'error' ? (
        <ErrorNote message={backups.error} onRetry={() => void loadBackups()} />
      ) : null}
      {backups.data && newest.length === 0 ? (
        <Empty>No backup of this venue in this folder yet.</Empty>
      ) : null}
      {newest.length > 0 ? (
        <ul className="backup-list" aria-label="Last backups">
          {newest.map((b, i) => (
            <li key={b.name}>
              {i === 0 ? 'Last backup: ' : ''}
              {backupLine(b)}
            </li>
          ))}
        </ul>
      ) : null}
      <form ref={folderForm} onSubmit={(e) => void changeFolder(e)} noValidate className="inline-form">
        <Field
          label="Save backups in"
          hint="A full path on the venue server's computer, outside its data folder; a USB stick or network share is safest. Leave empty for the default folder."
          error={folderError?.fields.backup_folder ?? folderError?.form}
        >
          <input
            value={newFolder}
            placeholder={folder ?? ''}
            onChange={(e) => {
              setNewFolder(e.target.value);
              setFolderSaved(false);
            }}
          />
        </Field>
        <button type="submit" className="button">
          Change folder
        </button>
        {folderSaved ? (
          <span className="muted" role="status">
            Folder saved.
          </span>
        ) : null}
      </form>
    </section>
  );
}
