import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { InlineForm } from '../../components/inline-form.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { mailStateWords, testMailWords } from '../../lib/mail-state.js';
import { useSettings } from '../../stores/settings-store.js';

/** While the test mail waits it is read again this often, for at most this long. */
const pollMs = 1_000;
const pollForMs = 5 * 60_000;

/**
 * "Send a test mail": after changing the mail server settings, a manager sends one to their own
 * address and watches it go through the same outbox and sender as a buyer's mail, so the answer
 * (sent, or waiting and why) is the one the buyers' mail would get.
 */
export function TestMailForm() {
  const testMail = useSettings((s) => s.testMail);
  const sendTestMail = useSettings((s) => s.sendTestMail);
  const checkTestMail = useSettings((s) => s.checkTestMail);
  const [to, setTo] = useState('');
  const [error, setError] = useState<SplitError | null>(null);
  const waiting = testMail?.status === 'pending';

  useEffect(() => {
    if (!waiting) return;
    const until = Date.now() + pollForMs;
    const timer = window.setInterval(() => {
      if (Date.now() > until) window.clearInterval(timer);
      else void checkTestMail().catch(() => undefined);
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [waiting, checkTestMail]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await sendTestMail(to.trim());
      setError(null);
    } catch (err) {
      setError(splitError(err, ['to']));
    }
  };

  return (
    <>
      <InlineForm
        label="Send a test mail"
        submitLabel="Send test mail"
        onSubmit={submit}
        error={error?.form}
        refusal={error}
      >
        <Field label="Send a test mail to" error={error?.fields.to}>
          <input
            type="email"
            value={to}
            placeholder="you@example.com"
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
      </InlineForm>
      {/* Always there, so a screen reader already watches it when the answer is written in. */}
      <p
        className={testMail ? `mail-state mail-state-${mailStateWords(testMail).tone}` : 'visually-hidden'}
        role="status"
        data-testid="test-mail-state"
      >
        {testMail ? testMailWords(testMail) : null}
      </p>
    </>
  );
}
