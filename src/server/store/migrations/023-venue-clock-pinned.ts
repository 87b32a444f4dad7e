import { sql as pinFromEvents } from './022-venue-timezone.js';

/**
 * The venue's clock no longer follows the events (domain/venue-clock.ts): the first event given a
 * zone fixes it. A store migrated to 22 before it had zoned events, and given some since, read its
 * clock from them until now; it is fixed here by migration 22's rule (the zone most of its events
 * are in), which is what its reports showed whenever its events shared one zone.
 */
export const sql = pinFromEvents;
