import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors.js';
import { decodeCursor, encodeCursor, toPage } from '../../../src/server/store/pagination.js';

const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq, name: `row ${seq}` }));

describe('cursors', () => {
  it('round-trip a sequence number and look opaque', () => {
    for (const seq of [1, 42, 999_999_999_999_999]) {
      const cursor = encodeCursor(seq);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursor).not.toContain(String(seq));
      expect(decodeCursor(cursor)).toBe(seq);
    }
  });

  it('start from the beginning without a cursor', () => {
    expect(decodeCursor(undefined)).toBe(0);
  });

  it.each([
    '',
    'zzz',
    Buffer.from('s').toString('base64url'),
    Buffer.from('s-1').toString('base64url'),
    Buffer.from('s1x').toString('base64url'),
    Buffer.from(`s${'9'.repeat(16)}`).toString('base64url'),
  ])('refuse %j as invalid_field cursor', (cursor) => {
    let caught: unknown;
    try {
      decodeCursor(cursor);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ statusCode: 400, code: 'invalid_field', param: 'cursor' });
  });
});

describe('toPage', () => {
  it('keeps limit rows and points the cursor at the last one kept when there are more', () => {
    const page = toPage(rows(1, 2, 3), 2, (row) => row.name);
    expect(page).toEqual({
      object: 'list',
      data: ['row 1', 'row 2'],
      has_more: true,
      next_cursor: encodeCursor(2),
    });
  });

  it('has no cursor on the last page', () => {
    expect(toPage(rows(1, 2), 2, (row) => row.seq)).toEqual({
      object: 'list',
      data: [1, 2],
      has_more: false,
      next_cursor: null,
    });
    expect(toPage(rows(), 20, (row) => row.seq)).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });
});
