import { useState } from 'react';
import type { IdleState } from '../../lib/idle-timer.js';

/** The last 10 seconds, big enough to notice: any touch keeps the customer's place. */
export function IdleCountdown({ state }: { state: IdleState | null }) {
  if (!state?.warning) return null;
  return <IdleWarning secondsLeft={state.secondsLeft} />;
}

/**
 * Said once, as it appears, with the seconds it started from: an alert whose number changed every
 * second interrupted a screen reader ten times over, and "touch the screen" left out the keys
 * that keep the place too. The ticking number is for the eye only.
 */
function IdleWarning({ secondsLeft }: { secondsLeft: number }) {
  const [from] = useState(secondsLeft);
  return (
    <div className="kiosk-idle" data-testid="kiosk-idle">
      <p className="visually-hidden" role="alert">
        Still there? This starts over in {from} seconds. Touch the screen or press a key to keep your place.
      </p>
      <div aria-hidden="true">
        <p>Still there?</p>
        <p className="kiosk-idle-count">{secondsLeft}</p>
        <p>Touch the screen to continue. Starting over in {secondsLeft} s.</p>
      </div>
    </div>
  );
}
