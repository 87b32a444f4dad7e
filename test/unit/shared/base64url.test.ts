import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from '../../../src/shared/ticket-token.js';

describe('base64UrlToBytes (native Buffer on Node, atob in the browser: one behaviour)', () => {
  it('decodes base64url, and standard base64 with padding, like Buffer does', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256);
    const url = Buffer.from(bytes).toString('base64url');
    expect(Array.from(base64UrlToBytes(url))).toEqual(Array.from(bytes));
    const std = Buffer.from(bytes.subarray(0, 32)).toString('base64');
    expect(std.endsWith('=')).toBe(true);
    expect(Array.from(base64UrlToBytes(std))).toEqual(Array.from(bytes.subarray(0, 32)));
  });

  it('refuses what atob refuses instead of skipping it', () => {
    expect(() => base64UrlToBytes('abc!defg')).toThrow();
    expect(() => base64UrlToBytes('a b=')).toThrow();
    expect(() => base64UrlToBytes('abcde')).toThrow(); // 4n+1 characters: no whole last byte
  });
});
