import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LookupMatch } from '../../../../scanner/types.js';
import { canSearch, lookupNews, noMatchWords, standing, typingPauseMs } from '../../lib/manual-check-in.js';
import { admitByHand, findGuests, type FoundGuests } from '../../stores/door-desk.js';
import { useDoor } from '../../stores/door-store.js';
import { ReasonPicker } from '../../components/reason-picker.js';

/** The pack's time as the status line's "Door pack 20:35" says it, to the minute. */
const packClock = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * A guest without a code (dead phone, guest list): find them by part of their name or their
 * order id, pick the ticket, say why, admit. The verdict then shows as for a scan.
 */
export function DoorLookup() {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<FoundGuests | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<LookupMatch | null>(null);
  // The picked guest's button is gone once the form opens: its question takes the focus (a
  // screen reader reads it out), rather than the page's top.
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (picked) question.current?.focus();
  }, [picked]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  // Asked again when the server comes or goes: a list from the offline pack must not stay up as
  // current once the server can say who is inside now (and the other way round).
  const connection = useDoor((s) => s.connection);
  const packPulledAt = useDoor((s) => s.packPulledAt);
  const packAt = packPulledAt === null ? null : packClock(packPulledAt);
  const namesDropped = useDoor((s) => s.namesDropped);

  useEffect(() => {
    const text = q.trim();
    if (!canSearch(text)) return;
    let current = true;
    const timer = window.setTimeout(() => {
      void findGuests(text).then((answer) => {
        if (!current) return;
        if ('problem' in answer) setProblem(answer.problem);
        else {
          setProblem(null);
          setFound(answer);
        }
      });
    }, typingPauseMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [q, connection]);

  // Under 2 letters the server would refuse the search: nothing listed (the last list is stale).
  const shown = canSearch(q) ? found : null;

  const admit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked || !reason.trim()) return;
    setBusy(true);
    const err = await admitByHand(picked, reason);
    setBusy(false);
    setProblem(err);
    if (!err) {
      setPicked(null);
      setReason('');
      setQ('');
    }
  };

  return (
    <section className="door-lookup" aria-labelledby="door-lookup-title">
      <h2 id="door-lookup-title">Find a guest</h2>
      <p className="muted small">For a dead phone or the guest list: part of the name, or the order id.</p>
      <input
        type="search"
        aria-label="Guest name or order id"
        placeholder="Name or ord_…"
        value={q}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setQ(e.target.value);
          setPicked(null);
        }}
      />
      {/* Mounted with the field and only its words changed, so each answer is announced. */}
      <p className="visually-hidden" role="status" data-testid="door-lookup-news">
        {lookupNews(
          q,
          shown && !picked ? { count: shown.matches.length, more: shown.more, mode: shown.mode } : null,
          packAt,
        )}
      </p>
      {q.trim().length === 1 ? <p className="muted small">Type at least 2 letters.</p> : null}
      {shown && !picked ? (
        shown.matches.length === 0 ? (
          <p className="muted">{noMatchWords(q, shown.mode, packAt, namesDropped)}</p>
        ) : (
          <ul className="door-matches" aria-label="Guests found" data-mode={shown.mode}>
            {shown.matches.map((m) => (
              <li key={m.ticketId}>
                <button
                  type="button"
                  className="door-match"
                  disabled={m.status !== 'active' || m.scanned}
                  onClick={() => setPicked(m)}
                >
                  <strong>{m.name || 'No name'}</strong>
                  <span>{m.tierName ?? ''}</span>
                  <span className="muted small">
                    {m.orderId} · {standing(m)}
                  </span>
                </button>
              </li>
            ))}
            {shown.mode === 'offline' ? (
              <li className="muted small">From this door’s guest list (offline).</li>
            ) : null}
            {shown.more ? <li className="muted small">More match: type more of the name.</li> : null}
          </ul>
        )
      ) : null}
      {picked ? (
        <form
          className="door-admit"
          onSubmit={(e) => void admit(e)}
          aria-label="Admit by hand"
          // Esc goes back to the list, as Back does.
          onKeyDown={(e) => {
            if (e.key === 'Escape') setPicked(null);
          }}
        >
          <p className="door-admit-question" tabIndex={-1} ref={question}>
            Admit <strong>{picked.name || picked.ticketId}</strong>
            {picked.tierName ? ` (${picked.tierName})` : ''} without a code. Why?
          </p>
          <ReasonPicker reason={reason} onChange={setReason} className="door-reasons" />
          <div className="door-admit-actions">
            <button type="submit" className="button button-primary" disabled={busy || !reason.trim()}>
              {busy ? 'Admitting…' : 'Admit'}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setPicked(null)}>
              Back
            </button>
          </div>
        </form>
      ) : null}
      {problem ? (
        <p className="door-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
