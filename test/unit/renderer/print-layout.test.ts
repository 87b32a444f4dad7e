import { describe, expect, it } from 'vitest';
import { doorsSoon } from '../../../src/renderer/src/lib/print-layout.js';

describe('doorsSoon: print the 5-minute door QR only for entry tonight', () => {
  const now = Date.parse('2026-12-24T15:00:00Z');
  it('is tonight from 6 hours before doors, and after they opened', () => {
    expect(doorsSoon('2026-12-24T21:00:00Z', now)).toBe(true);
    expect(doorsSoon('2026-12-24T14:00:00Z', now)).toBe(true);
  });
  it('is not for a later night', () => {
    expect(doorsSoon('2026-12-24T21:00:01Z', now)).toBe(false);
    expect(doorsSoon('2027-01-10T19:00:00Z', now)).toBe(false);
  });
});
