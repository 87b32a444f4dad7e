import { useCallback, useEffect, useState } from 'react';
import { unwrap } from '../api/client.js';
import { usePollWhileVisible } from '../hooks/use-poll-while-visible.js';
import { outboundNotices, type OutboundNotice } from '../lib/outbound-words.js';
import { Link } from '../router.js';
import { requireClient, useSession } from '../stores/session-store.js';

/** Counts only, cheap for the server; a pile-up of mail is a matter of minutes, not seconds. */
export const outboundPollMs = 15_000;

const screenNames: Record<OutboundNotice['to'], string> = {
  '/settings': 'Settings › Mail',
  '/webhooks': 'Webhooks',
};

/**
 * In the header, only while mail or webhooks are not going out: a seller learns the mail server
 * is down before a buyer calls. Admins get a link to the screen that explains and fixes it.
 * First in the header's right-hand group, so appearing moves nothing already there.
 */
export function OutboundIndicator({ canOpen }: { canOpen: boolean }) {
  const connection = useSession((s) => s.connection);
  const [notices, setNotices] = useState<OutboundNotice[]>([]);
  const poll = useCallback(async () => {
    try {
      setNotices(outboundNotices(await unwrap(requireClient().GET('/v2/outbound/status'))));
    } catch {
      // Offline or refused: the offline banner speaks for the server; keep what was last known.
    }
  }, []);
  useEffect(() => {
    const first = window.setTimeout(() => void poll(), 0);
    return () => window.clearTimeout(first);
  }, [poll]);
  usePollWhileVisible(poll, outboundPollMs);

  const shown = connection !== 'offline' && notices.length > 0;
  const text = notices.map((n) => n.text).join('. ');
  // Said once as it appears: the counts change with every poll, and a screen reader should not
  // repeat them. Kept in step while rendering (React's pattern for state that follows props).
  const [announced, setAnnounced] = useState({ shown: false, text: '' });
  if (announced.shown !== shown) setAnnounced({ shown, text: shown ? text : '' });

  return (
    <>
      <span className="visually-hidden" aria-live="polite">
        {announced.text}
      </span>
      {shown ? (
        <span className="outbound-indicator" role="group" aria-label="Mail and webhooks not going out">
          <span className="outbound-dot" aria-hidden="true" />
          {notices.map((notice) =>
            canOpen ? (
              // The whole notice in the title too: in a narrow header its words may be cut.
              <Link key={notice.to} to={notice.to} title={`${notice.text}. Open ${screenNames[notice.to]}`}>
                {notice.text}
              </Link>
            ) : (
              <span key={notice.to} title={notice.text}>
                {notice.text}
              </span>
            ),
          )}
        </span>
      ) : null}
    </>
  );
}
