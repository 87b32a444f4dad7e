import { describe, expect, it } from 'vitest';
import { occupancyOf } from '../../../src/renderer/src/lib/occupancy.js';

describe('inside / capacity in words', () => {
  it('warns from 90 % and alarms from 100 %', () => {
    expect(occupancyOf(8, 10)).toMatchObject({ level: 'ok', short: '8 / 10 inside' });
    expect(occupancyOf(9, 10)).toMatchObject({
      level: 'warning',
      words: 'Nearly full — 9 of 10 inside, 1 place left',
    });
    expect(occupancyOf(10, 10)).toMatchObject({ level: 'full', words: 'Venue full — 10 of 10 inside' });
    // Past capacity (a steward's override) is still full, with the true number.
    expect(occupancyOf(11, 10).words).toBe('Venue full — 11 of 10 inside');
    expect(occupancyOf(899, 1000).level).toBe('ok');
    expect(occupancyOf(900, 1000).level).toBe('warning');
    // A big night's numbers, as a door manager reads them at a glance.
    expect(occupancyOf(13_327, 20_000)).toMatchObject({
      short: '13,327 / 20,000 inside',
      words: '13,327 of 20,000 inside',
    });
    expect(occupancyOf(18_500, 20_000).words).toBe(
      'Nearly full — 18,500 of 20,000 inside, 1,500 places left',
    );
  });

  it('has no level without a capacity', () => {
    expect(occupancyOf(42, null)).toEqual({
      level: 'none',
      short: '42 inside',
      words: '42 inside (no capacity set)',
    });
  });
});
