import { describe, expect, it } from 'vitest';
import type { TierView } from '../../../src/renderer/src/api/types.js';
import { tierEditedWords } from '../../../src/renderer/src/lib/tier-edit-words.js';

const tier = (id: string, name: string, fields: Partial<TierView> = {}): TierView =>
  ({ id, name, quantity: 100, sold: 0, max_per_order: 10, visibility: 'public', ...fields }) as TierView;

describe('tierEditedWords', () => {
  const adult = tier('tkt_a', 'Adult');
  const child = tier('tkt_c', 'Child');

  it('a lower limit on the tier on screen is said at its quantity; on an earlier line, above the button', () => {
    const fresh = [tier('tkt_a', 'Adult', { max_per_order: 2 }), child];
    expect(tierEditedWords('max_per_order_exceeded', [child, adult], 1, fresh)).toEqual({
      fields: { quantity: 'At most 2 in one sale.' },
      form: null,
    });
    expect(tierEditedWords('max_per_order_exceeded', [adult, child], 0, fresh)).toEqual({
      fields: {},
      form: 'Adult: At most 2 in one sale.',
    });
  });

  it('when what is left is the limit, says how many are left', () => {
    const fresh = [tier('tkt_a', 'Adult', { max_per_order: 4, quantity: 10, sold: 7 })];
    expect(tierEditedWords('max_per_order_exceeded', [adult], 0, fresh)?.fields.quantity).toBe(
      'Only 3 left.',
    );
  });

  it('names the tier that was given an access code', () => {
    const fresh = [adult, tier('tkt_c', 'Child', { visibility: 'access_code', access_code: 'KIDS' })];
    expect(tierEditedWords('invalid_access_code', [adult, child], null, fresh)?.form).toBe(
      'Child was given an access code at the office; this till has it now. Complete the sale again.',
    );
  });

  it('leaves the server’s words when the tiles read again do not explain the refusal', () => {
    expect(tierEditedWords('invalid_access_code', [adult], null, [adult])).toBeNull();
    expect(tierEditedWords('max_per_order_exceeded', [adult], 0, [])).toBeNull();
    expect(tierEditedWords('sold_out', [adult], 0, [adult])).toBeNull();
  });
});
