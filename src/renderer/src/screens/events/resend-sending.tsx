import { useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { unwrap } from '../../api/client.js';
import { resendOutcome, type ResendTarget } from '../../lib/postpone-resend.js';
import { requireClient } from '../../stores/session-store.js';

/** What the last sending did: said until the page is left, with the ones to try again. */
export interface Outcome {
  text: string;
  notSent: string[];
  queued: string[];
}

export interface ResendSending {
  sending: { done: number; total: number } | null;
  outcome: Outcome | null;
  /** Mails each target again, one at a time, each with the Idempotency-Key `keyOf` gives it. */
  send(targets: readonly ResendTarget[], keyOf: (target: ResendTarget) => string): Promise<void>;
}

/**
 * Of the targets pressed for, those the server still lists, as it lists them now. The page's
 * list may be a minute old, and the other offer (new doors or new venue), or another till, may
 * have mailed an order since under its own Idempotency-Key: asking first mails nobody twice.
 */
export type StillListed = (targets: readonly ResendTarget[]) => Promise<readonly ResendTarget[]>;

/** The targets as `read` (the offer's list, read afresh) gives them; all of them when it fails. */
export async function stillListedIn(
  targets: readonly ResendTarget[],
  read: () => Promise<readonly ResendTarget[]>,
): Promise<readonly ResendTarget[]> {
  let listed: readonly ResendTarget[];
  try {
    listed = await read();
  } catch {
    // The keys still guard a retry: sending fails the same way, or replays the first answer.
    return targets;
  }
  const wanted = new Set(targets.map((t) => t.id));
  return listed.filter((t) => wanted.has(t.id));
}

/**
 * The sending loop of the event page's offers to mail tickets again (new doors, new venue): one
 * POST /v2/orders/{id}/resend (or /v2/tickets/{id}/resend) at a time, so the count says where it
 * is, and a failure stops nobody else. `stillListed` narrows a press to those still to mail;
 * `after` runs once the last one has answered.
 */
export function useResendSending(
  after: () => Promise<void> | void = () => undefined,
  stillListed: StillListed = async (targets) => targets,
): ResendSending {
  const [sending, setSending] = useState<ResendSending['sending']>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send: ResendSending['send'] = async (pressed, keyOf) => {
    setSending({ done: 0, total: pressed.length });
    const targets = await stillListed(pressed);
    if (targets.length === 0) {
      // Everyone pressed for was mailed meanwhile: nothing to say but the list as it is now.
      setSending(null);
      await after();
      return;
    }
    const queued: ResendTarget[] = [];
    const failures: { id: string; message: string }[] = [];
    for (const [i, target] of targets.entries()) {
      setSending({ done: i, total: targets.length });
      const headers = { 'Idempotency-Key': keyOf(target) };
      const params = { path: { id: target.id } };
      try {
        await unwrap(
          target.kind === 'order'
            ? requireClient().POST('/v2/orders/{id}/resend', { params, body: {}, headers })
            : requireClient().POST('/v2/tickets/{id}/resend', { params, body: {}, headers }),
        );
        queued.push(target);
      } catch (err) {
        failures.push({ id: target.id, message: messageOf(err) });
      }
    }
    setSending(null);
    setOutcome({
      text: resendOutcome(queued, failures),
      notSent: failures.map((f) => f.id),
      queued: [...(outcome?.queued ?? []), ...queued.map((t) => t.id)],
    });
    await after();
  };
  return { sending, outcome, send };
}

/**
 * "Try again for the N not sent" (the same keys) and the offer for the rest, hidden while sending,
 * then the count while sending and the outcome after.
 */
export function ResendButtons({
  run,
  retry,
  fresh,
  freshWords,
  keyOf,
}: {
  run: ResendSending;
  retry: readonly ResendTarget[];
  fresh: readonly ResendTarget[];
  freshWords: string;
  keyOf: (target: ResendTarget) => string;
}) {
  const idle = run.sending === null;
  return (
    <>
      {idle && retry.length > 0 ? (
        <button type="button" onClick={() => void run.send(retry, keyOf)}>
          Try again for the {retry.length} not sent
        </button>
      ) : null}
      {idle && fresh.length > 0 ? (
        <button type="button" onClick={() => void run.send(fresh, keyOf)}>
          {freshWords}
        </button>
      ) : null}
    </>
  );
}

/** "Sending 3 of 12…", then what was queued and each not sent with why. */
export function ResendStatus({ run }: { run: ResendSending }) {
  return (
    <p role="status">
      {run.sending ? `Sending ${run.sending.done + 1} of ${run.sending.total}…` : null}
      {run.sending === null && run.outcome ? run.outcome.text : null}
    </p>
  );
}
