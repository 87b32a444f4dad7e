import type { IdleState } from '../../lib/idle-timer.js';

/** The last 10 seconds, big enough to notice: any touch keeps the customer's place. */
export function IdleCountdown({ state }: { state: IdleState | null }) {
  if (!state?.warning) return null;
  return (
    <div className="kiosk-idle" role="alert" data-testid="kiosk-idle">
      <p>Still there?</p>
      <p className="kiosk-idle-count">{state.secondsLeft}</p>
      <p>Touch the screen to continue. Starting over in {state.secondsLeft} s.</p>
    </div>
  );
}
