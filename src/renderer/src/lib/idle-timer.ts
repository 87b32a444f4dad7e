/**
 * The kiosk's idle rule: after `timeoutMs` without a touch or key the screen goes back to the
 * start, and the last `warningMs` show a countdown so a customer still there can stay.
 */
export const kioskIdleMs = 60_000;
export const kioskWarningMs = 10_000;

export interface IdleState {
  /** Whole seconds left, rounded up (what the countdown shows). */
  secondsLeft: number;
  warning: boolean;
  expired: boolean;
}

export function idleState(
  lastInputAt: number,
  now: number,
  timeoutMs = kioskIdleMs,
  warningMs = kioskWarningMs,
): IdleState {
  const leftMs = Math.max(0, lastInputAt + timeoutMs - now);
  return {
    secondsLeft: Math.ceil(leftMs / 1000),
    warning: leftMs > 0 && leftMs <= warningMs,
    expired: leftMs === 0,
  };
}
