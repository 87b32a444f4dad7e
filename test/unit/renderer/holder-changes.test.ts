import { describe, expect, it } from 'vitest';
import type { AttendeeView } from '../../../src/renderer/src/api/types.js';
import { holderChanges } from '../../../src/renderer/src/lib/holder-changes.js';

const holder = {
  id: 'atd_1',
  event_id: 'evt_1',
  order_id: 'ord_1',
  ticket_id: 'tik_1',
  name: 'Ada Lovelcae',
  email: 'ada@example.com',
} as AttendeeView;

describe('holderChanges: what the holder dialog sends', () => {
  it('only the field that changed, trimmed', () => {
    expect(holderChanges(holder, ' Ada Lovelace ', 'ada@example.com')).toEqual({ name: 'Ada Lovelace' });
  });

  it('nothing when nothing changed', () => {
    expect(holderChanges(holder, 'Ada Lovelcae', ' ada@example.com ')).toEqual({});
  });

  it('an emptied field clears it', () => {
    expect(holderChanges(holder, 'Ada Lovelcae', '  ')).toEqual({ email: null });
    expect(holderChanges({ ...holder, name: null }, '', 'ada@example.com')).toEqual({});
  });
});
