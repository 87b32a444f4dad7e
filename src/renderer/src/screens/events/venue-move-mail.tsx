import { useCallback } from 'react';
import { unwrap } from '../../api/client.js';
import type { OutdatedVenueView } from '../../api/types.js';
import { usePollWhileVisible } from '../../hooks/use-poll-while-visible.js';
import { useServerList } from '../../hooks/use-server-list.js';
import {
  venueButtonWords,
  venueMailTargets,
  venueMoveKey,
  venueNoEmailWords,
} from '../../lib/venue-moved-mail.js';
import { requireClient } from '../../stores/session-store.js';
import { ResendButtons, ResendStatus, stillListedIn, useResendSending } from './resend-sending.js';

/**
 * The orders whose buyers, and transferred tickets whose holders, were not mailed since the venue
 * last changed, as the server says now.
 */
const readOutdatedVenue = (eventId: string): Promise<OutdatedVenueView> =>
  unwrap(requireClient().GET('/v2/events/{id}/outdated_venue', { params: { path: { id: eventId } } }));

/**
 * While an order with an email is still listed, how often the list is read again: another till
 * mailing (the venue or the doors offer) takes it off here too. Not every few seconds: each read
 * goes through the event's orders and its confirmation mails.
 */
const outdatedVenuePollMs = 60_000;

/**
 * Whenever the server says buyers were sold a ticket (or holders handed one) before the venue last
 * changed and not mailed since: offer to mail each order's confirmation, or transferred ticket's
 * own mail, again (it names the venue as it is now), one at a time with an Idempotency-Key per
 * order or ticket and change, and name those without an email apart. Read
 * from the server, so it shows on every till and after a reload until each is mailed; says
 * nothing when no listed order has an email.
 */
export function VenueMoveMail({ eventId }: { eventId: string }) {
  // The last list read stays while a later read fails (the server away mid-sending).
  const readList = useCallback(() => readOutdatedVenue(eventId), [eventId]);
  const { list, readError, readNow, reread } = useServerList(readList);

  const run = useResendSending(reread, (targets) =>
    stillListedIn(targets, async () => venueMailTargets(await readNow()).mail),
  );
  const found = list === null ? null : venueMailTargets(list);
  // Not while this till sends: the sending reads the list itself when it is done.
  const pollNow = found !== null && found.mail.length > 0 && run.sending === null;
  const poll = useCallback(() => (pollNow ? reread() : Promise.resolve()), [pollNow, reread]);
  usePollWhileVisible(poll, outdatedVenuePollMs);

  const failedRead = readError ? (
    <p className="form-error" role="alert">
      Could not read which orders have not been sent the new venue: {readError}
    </p>
  ) : null;
  if (list === null || found === null) {
    return failedRead ? <div data-testid="venue-move-mail">{failedRead}</div> : null;
  }
  if (list.moved_at === null || (found.mail.length === 0 && run.outcome === null)) return null;
  const movedAt = list.moved_at;
  const { outcome } = run;
  // Those not sent that are still listed: one mailed meanwhile (another till) drops out.
  const retry = outcome ? found.mail.filter((t) => outcome.notSent.includes(t.id)) : [];
  const fresh = found.mail.filter((t) => !outcome?.notSent.includes(t.id));
  const noEmail = venueNoEmailWords(found.noEmail);

  return (
    <div className="form-warning" data-testid="venue-move-mail">
      {found.mail.length > 0 ? (
        <p>The venue is now {list.venue}: the tickets already mailed or printed name the old one.</p>
      ) : null}
      <ResendButtons
        run={run}
        retry={retry}
        fresh={fresh}
        freshWords={venueButtonWords(fresh)}
        keyOf={(target) => venueMoveKey(eventId, movedAt, target)}
      />
      {outcome !== null && found.mail.length === 0 ? (
        <p data-testid="venue-all-sent">
          Every order and ticket holder with an email address has been sent the new venue.
        </p>
      ) : null}
      {noEmail !== null ? <p data-testid="venue-no-email">{noEmail}</p> : null}
      {failedRead}
      <ResendStatus run={run} />
    </div>
  );
}
