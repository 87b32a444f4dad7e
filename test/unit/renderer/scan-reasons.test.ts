import { describe, expect, it } from 'vitest';
import { describeScan } from '../../../src/renderer/src/lib/scan-reasons.js';
import { scanReasonWords } from '../../../src/shared/scan-reasons.js';
import { scanReasons } from '../../../src/server/schemas/scans.js';

describe('scan reasons in words', () => {
  it('has words for every reason the server can give', () => {
    for (const reason of scanReasons) {
      expect(scanReasonWords[reason].verdict).toMatch(/\w{3,}/);
      expect(scanReasonWords[reason].log).toMatch(/\w{3,}/);
    }
    expect(Object.keys(scanReasonWords).sort()).toEqual([...scanReasons].sort());
  });

  it('describes admissions, exits, refusals and conflicts', () => {
    const base = { result: 'admitted', reason: null, direction: 'in', conflict: false } as const;
    expect(describeScan(base)).toBe('Admitted');
    expect(describeScan({ ...base, direction: 'out' })).toBe('Exit recorded');
    expect(describeScan({ ...base, result: 'rejected', reason: 'already_scanned' })).toBe(
      'Already used: this ticket is inside',
    );
    expect(describeScan({ ...base, result: 'rejected', reason: 'already_scanned', conflict: true })).toMatch(
      /^Double admission/,
    );
    expect(describeScan({ ...base, result: 'rejected' })).toMatch(/no reason/);
    // Its signature is the venue's: a sale the store lost (a restored backup), not a forgery.
    expect(describeScan({ ...base, result: 'rejected', reason: 'unknown_ticket' })).toMatch(
      /^Signed by this venue but not in its sales \(sold after the backup/,
    );
    expect(scanReasonWords.unknown_ticket.verdict).toMatch(/send the guest to the box office/);
    // An out-of-date print cannot be "opened again": the box office reprints it.
    expect(describeScan({ ...base, result: 'rejected', reason: 'expired', credential: 'paper' })).toMatch(
      /^Paper pass expired .*reprints or resends it$/,
    );
    expect(describeScan({ ...base, result: 'rejected', reason: 'expired', credential: 'rotating' })).toMatch(
      /open the ticket again/,
    );
    // A pass not valid yet: the scanning device's clock is behind, there is no phone to blame.
    expect(
      describeScan({ ...base, result: 'rejected', reason: 'not_yet_valid', credential: 'paper' }),
    ).toMatch(/^Paper pass not valid yet .*clock is behind/);
  });
});
