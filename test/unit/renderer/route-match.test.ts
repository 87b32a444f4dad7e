import { describe, expect, it } from 'vitest';
import { matchPath } from '../../../src/renderer/src/lib/route-match.js';

describe('matchPath', () => {
  it('matches literal segments and reads parameters', () => {
    expect(matchPath('/sell', '/sell')).toEqual({});
    expect(matchPath('/events/:eventId', '/events/evt_1')).toEqual({ eventId: 'evt_1' });
    expect(matchPath('/orders/:orderId', '/orders/ord%5F1?x=1')).toEqual({ orderId: 'ord_1' });
  });

  it('ignores a trailing slash but not extra or missing segments', () => {
    expect(matchPath('/sell', '/sell/')).toEqual({});
    expect(matchPath('/sell', '/sell/evt_1')).toBeNull();
    expect(matchPath('/events/:id', '/events')).toBeNull();
    expect(matchPath('/events/new', '/events/evt_1')).toBeNull();
  });

  it('refuses a malformed escape rather than throwing', () => {
    expect(matchPath('/orders/:id', '/orders/%E0%A4%A')).toBeNull();
  });
});
