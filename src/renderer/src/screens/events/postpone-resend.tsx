import { useCallback } from 'react';
import { unwrap } from '../../api/client.js';
import type { OutdatedPassesView } from '../../api/types.js';
import { noEmailWords, postponeResendKey, resendButtonWords, toResend } from '../../lib/postpone-resend.js';
import { usePollWhileVisible } from '../../hooks/use-poll-while-visible.js';
import { useServerList } from '../../hooks/use-server-list.js';
import { requireClient } from '../../stores/session-store.js';
import { ResendButtons, ResendStatus, stillListedIn, useResendSending } from './resend-sending.js';

/** Whose printed or mailed passes expire before the doors, as the server says now. */
const readOutdated = (eventId: string): Promise<OutdatedPassesView> =>
  unwrap(requireClient().GET('/v2/events/{id}/outdated_passes', { params: { path: { id: eventId } } }));

/**
 * While someone is still listed, how often the list is read again: another till resending or
 * reprinting takes them off here too. Each read goes through every paper ticket of the event, so
 * not every few seconds, and not at all once nobody is listed.
 */
const outdatedPollMs = 60_000;

/**
 * Whenever the server says some holders' printed or mailed passes expire before the doors (the
 * doors moved more than a day later since): resend each order's and each transferred ticket's
 * mail, one at a time, with an Idempotency-Key per order (or ticket) and move, and offer to try
 * again those not sent. Read from the server, so it shows after a reload and on every till until
 * everyone with an email has been sent the new pass.
 */
export function PostponeResend({ eventId }: { eventId: string }) {
  // The last list read stays while a later read fails (the server away mid-sending).
  const readList = useCallback(() => readOutdated(eventId), [eventId]);
  const { list, readError, readNow, reread } = useServerList(readList);

  const run = useResendSending(reread, (targets) =>
    stillListedIn(targets, async () => toResend(await readNow()).mail),
  );
  const { sending, outcome } = run;
  // Not while this till sends: the sending reads the list itself when it is done.
  const pollNow = list !== null && (list.orders.length > 0 || list.tickets.length > 0) && sending === null;
  const poll = useCallback(() => (pollNow ? reread() : Promise.resolve()), [pollNow, reread]);
  usePollWhileVisible(poll, outdatedPollMs);

  const failedRead = readError ? (
    <p className="form-error" role="alert">
      Could not read which printed or mailed tickets are out of date: {readError}
    </p>
  ) : null;
  if (list === null) return failedRead ? <div data-testid="postpone-resend">{failedRead}</div> : null;
  const found = toResend(list);
  const noEmail = noEmailWords(found.noEmail);
  if (found.mail.length === 0 && noEmail === null && outcome === null) return null;
  // Those not sent that are still out of date: one taken meanwhile (another till) drops out.
  const retry = outcome ? found.mail.filter((t) => outcome.notSent.includes(t.id)) : [];
  const fresh = found.mail.filter((t) => !outcome?.notSent.includes(t.id));

  return (
    <div className="form-warning" data-testid="postpone-resend">
      {found.mail.length > 0 || noEmail !== null ? (
        <p>
          The doors moved more than a day after these tickets were printed or mailed: their passes expire
          before the doors open, so the door would refuse them as out of date.
        </p>
      ) : null}
      <ResendButtons
        run={run}
        retry={retry}
        fresh={fresh}
        freshWords={resendButtonWords(fresh)}
        keyOf={(target) => postponeResendKey(eventId, list.doors_at, target)}
      />
      {outcome !== null && found.mail.length === 0 ? (
        <p data-testid="postpone-all-sent">
          Every ticket with an email address has been sent again with a pass for the new doors.
        </p>
      ) : null}
      {noEmail !== null ? <p data-testid="postpone-no-email">{noEmail}</p> : null}
      {failedRead}
      <ResendStatus run={run} />
    </div>
  );
}
