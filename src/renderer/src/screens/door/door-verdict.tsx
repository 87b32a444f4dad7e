import { tierLook } from '../../lib/tier-look.js';
import type { Verdict } from '../../stores/door-store.js';

/** The verdict over the whole screen: readable from across the doorway. Tap to dismiss. */
export function DoorVerdict({ verdict, onDismiss }: { verdict: Verdict; onDismiss: () => void }) {
  const admitted = verdict.result === 'admitted';
  // The form shown, so a supervisor can tell paper from phones; unnamed for what is no ticket.
  const form = verdict.credential === 'paper' ? 'Paper pass · ' : verdict.ticketId ? 'Phone code · ' : '';
  const tier = tierLook(verdict.tierName);
  return (
    <button
      type="button"
      className={`door-verdict ${admitted ? 'door-verdict-admitted' : 'door-verdict-rejected'}`}
      data-result={verdict.result}
      data-reason={verdict.reason ?? ''}
      data-credential={verdict.credential}
      onClick={onDismiss}
      aria-live="assertive"
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
      <span className="door-verdict-mode">
        {form}
        {verdict.mode === 'offline' ? 'Decided offline · queued for sync' : 'Checked with the venue server'}
        {verdict.ticketId ? ` · ${verdict.ticketId}` : ''}
      </span>
    </button>
  );
}
