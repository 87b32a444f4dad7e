import { serverTimeZone } from '../../shared/attendee-time.js';
import { resolve } from 'node:path';
import { invalidField } from '../errors.js';
import { responseJson } from '../schemas/response-json.js';
import {
  Settings,
  type AutoBackupResultView,
  type MailServerView,
  type RestoredFromView,
  type SettingsPatchInput,
  type SettingsView,
} from '../schemas/settings.js';
import type { Db } from '../store/db.js';
import { SettingsRepo } from '../store/settings-repo.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { AttendantPin } from './attendant-pin.js';
import { changedFields } from './audit-entry.js';
import { backupFolderProblem } from './backups.js';
import { checkedTimeZone } from './time-zones.js';
import type { VenueClock } from './venue-clock.js';

const venueNameKey = 'venue_name';
const staffIdleKey = 'staff_idle_minutes';
const backupFolderKey = 'backup_folder';
const autoBackupKey = 'auto_backup';
const lastAutoBackupKey = 'last_auto_backup';
const restoredFromKey = 'restored_from';
/** A till left alone this long signs its staff member out, unless Settings say otherwise. */
export const defaultStaffIdleMinutes = 5;
const settingsJson = responseJson(Settings);

/**
 * Venue-wide settings kept in the store, so a rename made in the box office survives restarts and
 * reaches every till; the MARQUEE_VENUE_NAME start option is only the default until then.
 */
export class SettingsService {
  private readonly repo: SettingsRepo;
  private readonly renameListeners: ((venueName: string) => void)[] = [];

  constructor(
    db: Db,
    /** Start options: the venue name until one is set, and the mail server (fixed until a restart). */
    private readonly defaults: {
      venueName: string;
      mailServer: MailServerView | null;
      dataDir: string;
      /** Where backups go until a folder is set (domain/backups.ts). */
      backupFolder: string;
    },
    private readonly venueClock: VenueClock,
    private readonly attendantPin: AttendantPin,
    private readonly actions: ActionRunner,
  ) {
    this.repo = new SettingsRepo(db);
  }

  /**
   * The venue's name as Settings has it, for mDNS and mail. Not through view(): its time zone
   * wakes Intl's zone data, a fifth of what the server's start would otherwise spend before its
   * first answer.
   */
  venueName(): string {
    return this.repo.get(venueNameKey) ?? this.defaults.venueName;
  }

  view(): SettingsView {
    return {
      venue_name: this.venueName(),
      kiosk_attendant_pin_set: this.attendantPin.isSet(),
      staff_idle_minutes: Number(this.repo.get(staffIdleKey) ?? defaultStaffIdleMinutes),
      venue_timezone: this.venueTimeZone(),
      server_timezone: serverTimeZone(),
      backup_folder: this.repo.get(backupFolderKey) ?? this.defaults.backupFolder,
      auto_backup: this.autoBackupOn(),
      last_auto_backup: this.lastAutoBackup(),
      restored_from: this.restoredFrom(),
      mail_server: this.defaults.mailServer,
    };
  }

  /**
   * The venue's clock (domain/venue-clock.ts): the New event form starts in it, takings months,
   * shift days, the X/Z reports and exports are counted on it.
   */
  venueTimeZone(): string {
    return this.venueClock.zone();
  }

  /** Whether a backup is saved after every shift close (domain/automatic-backups.ts); on by default. */
  autoBackupOn(): boolean {
    return this.repo.get(autoBackupKey) !== 'off';
  }

  lastAutoBackup(): AutoBackupResultView | null {
    const kept = this.repo.get(lastAutoBackupKey);
    return kept === undefined ? null : (JSON.parse(kept) as AutoBackupResultView);
  }

  /**
   * Keeps how the last automatic backup went. Written outside any action: nobody asked for it,
   * so it has no actor to audit and no answer to keep.
   */
  noteAutoBackup(result: AutoBackupResultView): void {
    this.repo.put(lastAutoBackupKey, JSON.stringify(result));
  }

  restoredFrom(): RestoredFromView | null {
    const kept = this.repo.get(restoredFromKey);
    return kept === undefined ? null : (JSON.parse(kept) as RestoredFromView);
  }

  /** Kept at the first start on a restored backup (app.ts), outside any action, as noteAutoBackup. */
  noteRestored(restored: RestoredFromView): void {
    this.repo.put(restoredFromKey, JSON.stringify(restored));
  }

  /** Called with the new name after a rename has committed (mDNS re-advertises under it). */
  onVenueRenamed(listener: (venueName: string) => void): void {
    this.renameListeners.push(listener);
  }

  async update(action: ActionContext, input: SettingsPatchInput): Promise<Answer<SettingsView>> {
    // Hashed first: scrypt is asynchronous, and a transaction must not wait on anything.
    const pin =
      input.kiosk_attendant_pin === undefined
        ? undefined
        : await this.attendantPin.hash(input.kiosk_attendant_pin);
    return this.actions.run(action, settingsJson, (tx) => {
      if (input.venue_name !== undefined) {
        // The schema allows 1–100 characters; a name of only spaces would print as a blank receipt.
        const name = input.venue_name.trim();
        if (!name) throw invalidField('venue_name', 'venue_name must not be blank.');
        const renamed = name !== this.venueName();
        this.repo.put(venueNameKey, name);
        if (renamed) tx.afterCommit(() => this.renameListeners.forEach((listener) => listener(name)));
      }
      if (input.staff_idle_minutes !== undefined)
        this.repo.put(staffIdleKey, String(input.staff_idle_minutes));
      if (input.venue_timezone !== undefined)
        this.venueClock.set(checkedTimeZone(input.venue_timezone, 'venue_timezone'));
      if (pin !== undefined) this.attendantPin.store(pin);
      if (input.auto_backup === true) this.repo.delete(autoBackupKey);
      else if (input.auto_backup === false) this.repo.put(autoBackupKey, 'off');
      if (input.backup_folder === null) this.repo.delete(backupFolderKey);
      else if (input.backup_folder !== undefined) {
        const problem = backupFolderProblem(this.defaults.dataDir, input.backup_folder);
        if (problem) throw invalidField('backup_folder', problem);
        this.repo.put(backupFolderKey, resolve(input.backup_folder));
      }
      // Which settings changed, never to what: one of them is a PIN.
      tx.audit({
        action: 'settings.updated',
        objectType: 'settings',
        objectId: 'settings',
        data: { changed: changedFields(input) },
      });
      return this.view();
    });
  }
}
