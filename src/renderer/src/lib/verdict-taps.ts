/**
 * The door verdict from a finger or a mouse: what happens to a tap that comes just after a tap
 * closed it. The key guard (verdict-keys.ts) is the same rule for Enter and Space.
 */
import { afterCloseMs } from './verdict-keys.js';

export interface StartPress {
  /**
   * From the tap that closed the verdict to this press's pointer going down; null when no tap
   * closed one, or the press came from no pointer (Enter or Space: the key guard judged it).
   */
  msFromTapClose: number | null;
}

/**
 * A press of Start scanning just after a tap closed the verdict. The verdict fills the screen
 * over that button, so the second tap of a steward's double tap lands on it: the camera would start
 * (and ask for its permission) mid-queue. A press whose pointer went down within the key guard's
 * moment is that second tap; later it is the steward's. Judged from the pointer going down, not the
 * click: a finger resting on the glass makes its click late, and it is still the double tap.
 */
export function startPressAfterVerdictTap(press: StartPress): 'swallow' | 'pass' {
  const ms = press.msFromTapClose;
  // Down before the close: an old press that never clicked, not this one.
  if (ms === null || ms < 0) return 'pass';
  return ms < afterCloseMs ? 'swallow' : 'pass';
}
