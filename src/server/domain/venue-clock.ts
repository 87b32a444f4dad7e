import { serverTimeZone } from '../../shared/attendee-time.js';
import type { Db } from '../store/db.js';
import type { AuditSink } from './action-runner.js';
import type { EventRow } from '../store/events-repo.js';
import { SettingsRepo } from '../store/settings-repo.js';

/** Written by the box office (Settings › Venue), by the first event made with a zone, or by migrations 22/23. */
const venueTimeZoneKey = 'venue_timezone';

/**
 * The venue's clock (`venue_timezone`): takings days and months, shift days, the X/Z reports and
 * exports are counted on it. It is one answer that does not move: once a venue has an event with
 * a zone, the clock is fixed to the first such event's zone until a manager picks another, so a
 * touring show added in another zone never moves a night's sales to another day. A store with no
 * zoned event yet reads the server's zone (nothing has been sold on any other clock).
 */
export class VenueClock {
  private readonly repo: SettingsRepo;

  constructor(db: Db) {
    this.repo = new SettingsRepo(db);
  }

  zone(): string {
    return this.repo.get(venueTimeZoneKey) ?? serverTimeZone();
  }

  set(zone: string): void {
    this.repo.put(venueTimeZoneKey, zone);
  }

  /**
   * Fixes the clock to `event`'s zone if nobody has yet: called in the transaction that gives an
   * event its zone (a new event, or an older one given a zone). Events only; never on the
   * checkout's path. When it does, the trail gets its own entry (who, from which event, the zone),
   * so a manager reading it sees when and why the venue's clock was set, not just "event created".
   */
  pinIfUnset(tx: AuditSink, event: { id: string; title: string; timezone: string }): void {
    if (!this.repo.putIfAbsent(venueTimeZoneKey, event.timezone)) return;
    tx.audit({
      action: 'settings.venue_clock_pinned',
      objectType: 'settings',
      objectId: 'settings',
      data: { venue_timezone: event.timezone, event_id: event.id, title: event.title },
    });
  }
}

/**
 * The zone an event's money is dated in (export rows, its report's buckets): its own, or for an
 * event made before events had zones, the venue's clock. Attendees still read such an event in the
 * server's zone (views.ts `eventTimeZone`, the contract's default); a manager's takings must not
 * fall on another day than the rest of the night's because the server's computer is on UTC.
 */
export function moneyTimeZone(row: Pick<EventRow, 'timezone'>, venueZone: () => string): string {
  return row.timezone ?? venueZone();
}
