import { describe, expect, it } from 'vitest';
import { tierLook } from '../../../src/renderer/src/lib/tier-look.js';

describe('the tier band on the door verdict', () => {
  it('marks VIP-like tiers with a star, whatever the spelling', () => {
    for (const name of ['VIP', 'VIP lounge', 'v.i.p.', 'Backstage pass', 'Premium seats', 'Guest list'])
      expect(tierLook(name)).toEqual({ special: true, label: `★ ${name}` });
  });

  it('leaves general tiers plain, and says nothing when the tier is unknown', () => {
    expect(tierLook('General admission')).toEqual({ special: false, label: 'General admission' });
    // "vipers" is a band name, not a VIP.
    expect(tierLook('Vipers fan club')).toEqual({ special: false, label: 'Vipers fan club' });
    expect(tierLook(null)).toBeNull();
    expect(tierLook('  ')).toBeNull();
  });
});
