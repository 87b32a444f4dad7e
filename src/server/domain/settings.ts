import { invalidField } from '../errors.js';
import type { SettingsPatchInput, SettingsView } from '../schemas/settings.js';
import { inTransaction, type Db } from '../store/db.js';
import { SettingsRepo } from '../store/settings-repo.js';

const venueNameKey = 'venue_name';

/**
 * Venue-wide settings kept in the store, so a rename made in the box office survives restarts and
 * reaches every till; the MARQUEE_VENUE_NAME start option is only the default until then.
 */
export class SettingsService {
  private readonly repo: SettingsRepo;

  constructor(
    private readonly db: Db,
    private readonly defaults: { venueName: string },
  ) {
    this.repo = new SettingsRepo(db);
  }

  view(): SettingsView {
    return { venue_name: this.repo.get(venueNameKey) ?? this.defaults.venueName };
  }

  update(input: SettingsPatchInput): SettingsView {
    return inTransaction(this.db, () => {
      if (input.venue_name !== undefined) {
        // The schema allows 1–100 characters; a name of only spaces would print as a blank receipt.
        const name = input.venue_name.trim();
        if (!name) throw invalidField('venue_name', 'venue_name must not be blank.');
        this.repo.put(venueNameKey, name);
      }
      return this.view();
    });
  }
}
