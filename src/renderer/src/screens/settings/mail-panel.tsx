import { useEffect, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { formatDateTime } from '../../lib/datetime.js';
import {
  mailRowsPerStep,
  mailServerSetupForIt,
  mailServerWords,
  mailWaitingWords,
} from '../../lib/mail-state.js';
import { useSettings } from '../../stores/settings-store.js';
import { TestMailForm } from './test-mail-form.js';

/**
 * The mail outbox (order confirmations, resends, transfers): what has not gone out yet and why, so "their mail is queued"
 * can be checked instead of trusted. Mail waits here while the venue server has no mail server
 * (MARQUEE_SMTP_URL) or cannot reach it; a failed one can be sent again.
 */
export function MailPanel() {
  const mail = useSettings((s) => s.mail);
  const loadMail = useSettings((s) => s.loadMail);
  const retryMail = useSettings((s) => s.retryMail);
  const loadSentLater = useSettings((s) => s.loadMailSentLater);
  const sentLater = useSettings((s) => s.mailSentLater);
  const beyond = useSettings((s) => s.mailBeyond);
  // Thousands can wait while the mail server is down: a table of them all buried the rest of Settings.
  const [shown, setShown] = useState(mailRowsPerStep);
  // Loaded by the Venue panel on the same screen; undefined until then, null when none is set up.
  const mailServer = useSettings((s) => s.settings.data?.mail_server);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    void loadMail();
  }, [loadMail]);

  const list = mail.data ?? [];
  const listed = list.slice(0, shown);
  // Whether a failed mail's tickets went out later is read for the listed rows only, as they are shown.
  useEffect(() => {
    if (listed.length > 0) void loadSentLater(listed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `listed` is derived from these two
  }, [mail.data, shown, loadSentLater]);

  const retry = async (id: string, to: string) => {
    try {
      await retryMail(id);
      setNote(`The mail to ${to} is due again now.`);
    } catch (err) {
      setNote(messageOf(err));
    }
  };

  return (
    <section className="panel span-2" aria-labelledby="mail-title">
      <h2 id="mail-title">Mail</h2>
      {mailServer !== undefined ? <p className="mail-server">{mailServerWords(mailServer)}</p> : null}
      {mailServer === null ? (
        <details className="muted small">
          <summary>For your IT person</summary>
          <p>{mailServerSetupForIt}</p>
        </details>
      ) : null}
      <p className="muted small">
        Mail not sent yet: order confirmations, resent tickets and transfers. They wait here while the venue
        has no mail server set up or cannot reach it, and go out by themselves once it can.
      </p>
      <TestMailForm />
      <div className="row-actions">
        <button type="button" className="button button-small" onClick={() => void loadMail()}>
          Refresh
        </button>
      </div>
      {/* Always there, so a screen reader already watches it when Send again's answer is written in. */}
      <p className={note ? 'muted' : 'visually-hidden'} role="status">
        {note}
      </p>
      {mail.state === 'loading' && !mail.data ? <Loading what="mail" /> : null}
      {mail.state === 'error' ? <ErrorNote message={mail.error} onRetry={() => void loadMail()} /> : null}
      {mail.data && list.length === 0 ? <Empty>Every mail has been sent.</Empty> : null}
      {list.length > 0 ? (
        <p className="muted small">{mailWaitingWords(list.length, beyond, listed.length)}</p>
      ) : null}
      {list.length > 0 ? (
        <div className="table-wrap">
          <table className="table" aria-label="Mail not sent yet">
            <thead>
              <tr>
                <th>To</th>
                <th>Subject</th>
                <th>Status</th>
                <th>Attempts</th>
                <th>Last error</th>
                <th>Next attempt</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {listed.map((m) => (
                <tr key={m.id}>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td>{m.status === 'failed' ? 'Failed' : 'Waiting'}</td>
                  <td>{m.attempts}</td>
                  <td className="small">
                    {m.last_error ?? (m.attempts === 0 ? 'not tried yet' : '')}
                    {sentLater[m.id] ? (
                      <strong className="sent-later">
                        {' '}
                        The tickets were sent to {sentLater[m.id]} later.
                      </strong>
                    ) : null}
                  </td>
                  <td className="small">{m.next_attempt_at ? formatDateTime(m.next_attempt_at) : '—'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => void retry(m.id, m.to)}
                      aria-label={`Send the mail to ${m.to} again now`}
                    >
                      {m.status === 'failed' ? 'Send again' : 'Try now'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.length > listed.length ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => setShown(shown + mailRowsPerStep)}
            >
              Show {Math.min(mailRowsPerStep, list.length - listed.length)} more
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
