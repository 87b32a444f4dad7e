import { useEffect, useRef, useState } from 'react';
import { useSettled } from '../../hooks/use-settled.js';
import { tierLook } from '../../lib/tier-look.js';
import { verdictKeyAction } from '../../lib/verdict-keys.js';
import { admitRestOfOrder } from '../../stores/door-desk.js';
import type { Verdict } from '../../stores/door-store.js';
import { keyFocus } from './verdict-focus.js';

/**
 * The verdict over the whole screen: readable from across the doorway. Tap, Esc or Enter to
 * dismiss. A new verdict ignores taps and keys for its first half second: the second tap of a
 * steward's double tap (on "Admit the other N", or closing the last verdict) would otherwise close
 * the answer unread, or press the new verdict's own "Admit the other N" where the last tap landed.
 * Screen readers hear it from the scanner's own live region (door-scanner.tsx), not from here: a
 * region inserted together with its text is often not announced.
 */
export function DoorVerdict({
  verdict,
  onDismiss,
}: {
  verdict: Verdict;
  /** `byKey`: closed by Esc or Enter, whose second press or repeats must not reach the page. */
  onDismiss: (byKey: boolean) => void;
}) {
  const settled = useSettled();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = verdictKeyAction(event, keyFocus(event.target, panel.current), settled);
      if (action === 'pass') return;
      // The verdict covers the page: its keys, even those it ignores for now, are not keys for
      // the form or button beneath (Start scanning would start the camera behind it).
      event.preventDefault();
      event.stopPropagation();
      if (action === 'close') onDismiss(true);
    };
    // Capture on the document: after the wedge scanner's (on the window), which takes the Enter
    // ending a scan, and before the page's own handlers (the guest form's Esc).
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [settled, onDismiss]);
  const admitted = verdict.result === 'admitted';
  // The form shown, so a supervisor can tell paper from phones and hands; unnamed for what is no ticket.
  const form =
    verdict.credential === 'paper'
      ? 'Paper pass · '
      : verdict.credential === 'manual'
        ? 'Checked in by hand · '
        : verdict.ticketId
          ? 'Phone code · '
          : '';
  const tier = tierLook(verdict.tierName);
  return (
    <div
      ref={panel}
      className={`door-verdict ${admitted ? 'door-verdict-admitted' : 'door-verdict-rejected'}`}
      data-result={verdict.result}
      data-reason={verdict.reason ?? ''}
      data-credential={verdict.credential}
      onClick={settled ? () => onDismiss(false) : undefined}
      // Says it takes no taps yet (assistive tech, and tests, wait for it); it looks the same.
      aria-disabled={settled ? undefined : true}
    >
      <span className="door-verdict-mark" aria-hidden="true">
        {admitted ? '✓' : '✕'}
      </span>
      <span className="door-verdict-title">{verdict.title}</span>
      <span className="door-verdict-detail">{verdict.detail}</span>
      {verdict.name ? <span className="door-verdict-name">{verdict.name}</span> : null}
      {tier ? (
        <span
          className={`door-verdict-tier ${tier.special ? 'door-verdict-tier-special' : ''}`}
          data-testid="verdict-tier"
          data-special={tier.special}
        >
          {tier.label}
        </span>
      ) : null}
      {verdict.order ? <OrderOffer order={verdict.order} settled={settled} /> : null}
      <span className="door-verdict-mode">
        {form}
        {verdict.mode === 'online'
          ? 'Checked with the venue server'
          : verdict.queued
            ? 'Decided offline · queued for sync'
            : 'Decided offline'}
        {verdict.ticketId ? ` · ${verdict.ticketId}` : ''}
      </span>
      <span className="door-verdict-hint">Tap or press Esc to close</span>
    </div>
  );
}

/** One tap lets in the rest of a group whose tickets are all on one phone. */
function OrderOffer({ order, settled }: { order: { id: string; others: number }; settled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <span className="door-verdict-order">
      <button
        type="button"
        className="button door-order-button"
        disabled={busy}
        // Looks ready at once; takes taps once settled (assistive tech and tests wait for it).
        aria-disabled={!settled}
        onClick={(e) => {
          // The verdict closes on a tap; this tap is for the order.
          e.stopPropagation();
          if (!settled) return;
          setBusy(true);
          void admitRestOfOrder(order.id).then((err) => {
            setBusy(false);
            setProblem(err);
          });
        }}
      >
        {busy ? 'Letting them in…' : `Admit the other ${order.others} of this order`}
      </button>
      {problem ? (
        <span className="door-verdict-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
