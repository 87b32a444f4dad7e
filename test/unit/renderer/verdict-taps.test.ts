import { describe, expect, it } from 'vitest';
import { afterCloseMs } from '../../../src/renderer/src/lib/verdict-keys.js';
import { startPressAfterVerdictTap } from '../../../src/renderer/src/lib/verdict-taps.js';

describe('a tap on Start scanning just after a tap closed the door verdict', () => {
  it('the second tap of a double tap is swallowed: the camera does not start', () => {
    expect(startPressAfterVerdictTap({ msFromTapClose: 0 })).toBe('swallow');
    expect(startPressAfterVerdictTap({ msFromTapClose: 180 })).toBe('swallow');
    expect(startPressAfterVerdictTap({ msFromTapClose: afterCloseMs - 1 })).toBe('swallow');
  });

  it('a tap a moment later is the steward’s: Start scanning works', () => {
    expect(startPressAfterVerdictTap({ msFromTapClose: afterCloseMs })).toBe('pass');
    expect(startPressAfterVerdictTap({ msFromTapClose: 60_000 })).toBe('pass');
  });

  it('a press with no tap close before it, or by a key, or from a pointer down before the close passes', () => {
    expect(startPressAfterVerdictTap({ msFromTapClose: null })).toBe('pass');
    expect(startPressAfterVerdictTap({ msFromTapClose: -40 })).toBe('pass');
  });
});
