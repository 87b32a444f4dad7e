import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors.js';
import { ListCursor, toPage } from '../../../src/server/store/pagination.js';

const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq, name: `row ${seq}` }));
const events = new ListCursor('events', { publishedOnly: false });

function expectRefused(list: ListCursor, cursor: string): void {
  let caught: unknown;
  try {
    list.decode(cursor);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ApiError);
  expect(caught).toMatchObject({ statusCode: 400, code: 'invalid_field', param: 'cursor' });
}

describe('cursors', () => {
  it('round-trip a sequence number and look opaque', () => {
    for (const seq of [1, 42, 999_999_999_999_999]) {
      const cursor = events.encode(seq);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursor).not.toContain(String(seq));
      expect(events.decode(cursor)).toBe(seq);
      expect(new ListCursor('events', { publishedOnly: false }).decode(cursor)).toBe(seq);
    }
  });

  it('start from the beginning without a cursor', () => {
    expect(events.decode(undefined)).toBe(0);
  });

  it('belong to their list and its filters', () => {
    const tiers = new ListCursor('tiers', { eventId: 'evt_a' });
    const cursor = tiers.encode(7);
    expect(tiers.decode(cursor)).toBe(7);
    expectRefused(new ListCursor('tiers', { eventId: 'evt_b' }), cursor);
    expectRefused(new ListCursor('attendees', { eventId: 'evt_a' }), cursor);
    expectRefused(new ListCursor('tiers'), cursor);
  });

  it('ignore the order filters are named in and filters left undefined', () => {
    const a = new ListCursor('orders', { eventId: 'evt_a', q: 'ada', shiftId: undefined });
    const b = new ListCursor('orders', { q: 'ada', eventId: 'evt_a' });
    expect(b.decode(a.encode(3))).toBe(3);
  });

  it('refuse an edited position', () => {
    const text = Buffer.from(events.encode(5), 'base64url').toString('utf8');
    expectRefused(events, Buffer.from(text.replace('c5', 'c6')).toString('base64url'));
  });

  it('still read the unbound cursors handed out before they named their list', () => {
    expect(events.decode(Buffer.from('s42').toString('base64url'))).toBe(42);
  });

  it.each([
    '',
    'zzz',
    Buffer.from('s').toString('base64url'),
    Buffer.from('s-1').toString('base64url'),
    Buffer.from('s1x').toString('base64url'),
    Buffer.from(`s${'9'.repeat(16)}`).toString('base64url'),
    Buffer.from('c1').toString('base64url'),
    Buffer.from('c1.AAAAAAAAAAAA').toString('base64url'),
  ])('refuse %j as invalid_field cursor', (cursor) => {
    expectRefused(events, cursor);
  });
});

describe('toPage', () => {
  it('keeps limit rows and points the cursor at the last one kept when there are more', () => {
    const page = toPage(rows(1, 2, 3), 2, (row) => row.name, events);
    expect(page).toEqual({
      object: 'list',
      data: ['row 1', 'row 2'],
      has_more: true,
      next_cursor: events.encode(2),
    });
  });

  it('has no cursor on the last page', () => {
    expect(toPage(rows(1, 2), 2, (row) => row.seq, events)).toEqual({
      object: 'list',
      data: [1, 2],
      has_more: false,
      next_cursor: null,
    });
    expect(toPage(rows(), 20, (row) => row.seq, events)).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });
});
