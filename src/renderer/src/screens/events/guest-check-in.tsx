import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { messageOf } from '../../api/api-error.js';
import type { EventView } from '../../api/types.js';
import {
  canSearch,
  othersNotInside,
  refusalWords,
  restOfOrderWords,
  standing,
  typingPauseMs,
} from '../../lib/manual-check-in.js';
import {
  checkInOrder,
  checkInTicket,
  findTickets,
  type FoundTicket,
  type FoundTickets,
} from '../../stores/guest-check-in.js';
import { ReasonPicker } from '../../components/reason-picker.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';

type Search =
  | { state: 'searching' }
  | { state: 'found'; q: string; list: FoundTickets }
  | { state: 'error'; message: string };

/** What the last admission attempt came to, kept until the next search. */
type Outcome =
  | { kind: 'admitted'; who: string; reason: string; orderId: string; others: number }
  | { kind: 'refused'; who: string; words: string }
  | { kind: 'order'; words: string };

const nameOf = (t: FoundTicket) => t.attendee_name || t.ticket_id;

/**
 * "Check in a guest" at the box office: a guest without their code (dead phone, guest list) is
 * found by part of the name or the order id, picked, given a reason and admitted. The server
 * decides; its refusals (already inside, voided) are shown in plain words.
 */
export function GuestCheckIn({ event }: { event: EventView }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const [picked, setPicked] = useState<FoundTicket | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Each step takes away the button that led to it (a found guest, Admit, Admit the others): the
  // next step takes the keyboard, so a screen reader says what is now asked or what happened.
  const searchBox = useRef<HTMLInputElement>(null);
  const admitForm = useRef<HTMLFormElement>(null);
  const outcomeNote = useFocusIfLost<HTMLElement>(outcome);
  useEffect(() => {
    if (picked) admitForm.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, [picked]);

  useEffect(() => {
    const text = q.trim();
    if (!canSearch(text)) return;
    let current = true;
    const timer = window.setTimeout(() => {
      findTickets(event.id, text).then(
        (list) => current && setSearch({ state: 'found', q: text, list }),
        (err: unknown) => current && setSearch({ state: 'error', message: messageOf(err) }),
      );
    }, typingPauseMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [q, event.id]);

  const admit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked || !reason.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await checkInTicket(picked.ticket_id, reason);
      const who = nameOf(picked);
      setOutcome(
        answer.result === 'admitted'
          ? {
              kind: 'admitted',
              who,
              reason: reason.trim(),
              orderId: picked.order_id,
              others: othersNotInside(answer.order),
            }
          : { kind: 'refused', who, words: refusalWords(answer.reason) },
      );
      setPicked(null);
      setReason('');
      setQ('');
      setSearch(null);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const admitOthers = async (orderId: string, why: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await checkInOrder(orderId, why);
      setOutcome({ kind: 'order', words: restOfOrderWords(answer.results) });
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const typed = q.trim();
  const shown = canSearch(typed) ? search : null;

  return (
    <section aria-labelledby="guest-check-in-title" className="panel guest-check-in">
      <h2 id="guest-check-in-title">Check in a guest</h2>
      <p className="muted small">
        For a dead phone or the guest list: part of the name, or the order id (ord_…).
      </p>
      <input
        ref={searchBox}
        type="search"
        aria-label="Guest name or order id"
        placeholder="Name or ord_…"
        value={q}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setQ(e.target.value);
          // Shown at once, while the typing pause and the server's answer are still to come.
          setSearch(canSearch(e.target.value) ? { state: 'searching' } : null);
          setPicked(null);
          setOutcome(null);
          setProblem(null);
        }}
      />
      {typed.length > 0 && !canSearch(typed) ? (
        <p className="muted small" role="status">
          Type at least 2 letters of the name.
        </p>
      ) : null}
      {shown?.state === 'searching' ? (
        <p className="muted small" role="status">
          Searching…
        </p>
      ) : null}
      {shown?.state === 'error' ? (
        <p className="form-error" role="alert">
          {shown.message}
        </p>
      ) : null}
      {shown?.state === 'found' && !picked ? (
        shown.list.data.length === 0 ? (
          <p className="muted" role="status">
            Nobody at this event matches “{shown.q}”.
          </p>
        ) : (
          <ul className="guest-matches" aria-label="Guests found">
            {shown.list.data.map((t) => (
              <li key={t.ticket_id}>
                <button type="button" className="guest-match" onClick={() => setPicked(t)}>
                  <strong>{t.attendee_name || 'No name'}</strong>
                  <span>{t.tier_name ?? ''}</span>
                  <span className="muted small">
                    {t.order_id} · {standing(t)}
                  </span>
                </button>
              </li>
            ))}
            {shown.list.has_more ? <li className="muted small">More match: type more of the name.</li> : null}
          </ul>
        )
      ) : null}
      {picked ? (
        <form
          ref={admitForm}
          className="guest-admit"
          onSubmit={(e) => void admit(e)}
          aria-label="Admit by hand"
        >
          <p>
            Admit <strong>{nameOf(picked)}</strong>
            {picked.tier_name ? ` (${picked.tier_name})` : ''} without a code. Why?
          </p>
          <ReasonPicker reason={reason} onChange={setReason} className="guest-reasons" />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy || !reason.trim()}>
              {busy ? 'Admitting…' : 'Admit'}
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                searchBox.current?.focus();
                setPicked(null);
              }}
            >
              Back
            </button>
          </div>
        </form>
      ) : null}
      {outcome?.kind === 'admitted' ? (
        <div
          ref={outcomeNote as RefObject<HTMLDivElement>}
          className="guest-outcome"
          role="status"
          data-result="admitted"
          tabIndex={-1}
        >
          <p>
            <strong>Admitted: {outcome.who}</strong> · checked in by hand: {outcome.reason}
          </p>
          {outcome.others > 0 ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void admitOthers(outcome.orderId, outcome.reason)}
            >
              {busy ? 'Letting them in…' : `Admit the other ${outcome.others} of this order`}
            </button>
          ) : null}
        </div>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <p
          ref={outcomeNote as RefObject<HTMLParagraphElement>}
          className="form-error guest-outcome"
          role="alert"
          data-result="rejected"
          tabIndex={-1}
        >
          <strong>Not admitted: {outcome.who}.</strong> {outcome.words}
        </p>
      ) : null}
      {outcome?.kind === 'order' ? (
        <p
          ref={outcomeNote as RefObject<HTMLParagraphElement>}
          className="guest-outcome"
          role="status"
          tabIndex={-1}
        >
          {outcome.words}
        </p>
      ) : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
