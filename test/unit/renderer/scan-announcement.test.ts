import { describe, expect, it } from 'vitest';
import {
  scanAnnouncement,
  scanToAnnounce,
  scanVerdictWord,
} from '../../../src/renderer/src/lib/scan-announcement.js';

const admitted = {
  result: 'admitted',
  reason: null,
  direction: 'in',
  conflict: false,
  credential: 'rotating',
} as const;

describe('the monitor says each new scan in words', () => {
  it('names the verdict and the door, and the reason only when it adds to the verdict', () => {
    expect(scanAnnouncement(admitted, 'North gate')).toBe('Admitted at North gate.');
    expect(scanAnnouncement({ ...admitted, direction: 'out' }, 'North gate')).toBe('Exit at North gate.');
    expect(
      scanAnnouncement({ ...admitted, result: 'rejected', reason: 'already_scanned' }, 'Side door'),
    ).toBe('Rejected at Side door: Already used: this ticket is inside.');
    expect(
      scanAnnouncement(
        { ...admitted, result: 'rejected', reason: 'already_scanned', conflict: true },
        'Side door',
      ),
    ).toMatch(/^Conflict at Side door: Double admission/);
  });

  it('gives the log the same word and tone as it says', () => {
    expect(scanVerdictWord(admitted)).toEqual({ tone: 'good', word: 'Admitted' });
    expect(scanVerdictWord({ ...admitted, result: 'rejected' })).toEqual({ tone: 'bad', word: 'Rejected' });
    expect(scanVerdictWord({ ...admitted, direction: 'out' })).toEqual({ tone: 'muted', word: 'Exit' });
    expect(scanVerdictWord({ ...admitted, conflict: true })).toEqual({ tone: 'bad', word: 'Conflict' });
  });

  it('announces only scans newer than the log read at opening', () => {
    const a = { id: 'scn_a' };
    const b = { id: 'scn_b' };
    // The log is still loading: nothing is news yet.
    expect(scanToAnnounce(a, undefined)).toBeNull();
    // The newest scan of the log read at opening is history.
    expect(scanToAnnounce(a, 'scn_a')).toBeNull();
    expect(scanToAnnounce(undefined, null)).toBeNull();
    // A scan after that is news, also the first one of an empty log.
    expect(scanToAnnounce(b, 'scn_a')).toBe(b);
    expect(scanToAnnounce(a, null)).toBe(a);
  });
});
