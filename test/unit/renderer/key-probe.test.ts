import { describe, expect, it } from 'vitest';
import { classifyKey, keyShapeProblem } from '../../../src/renderer/src/lib/key-probe.js';

describe('classifyKey', () => {
  it('tells admin, box office, kiosk and scanner keys apart from up to three probes', () => {
    expect(classifyKey(200, null)).toEqual({ ok: true, role: 'admin' });
    expect(classifyKey(403, 200)).toEqual({ ok: true, role: 'box_office' });
    expect(classifyKey(403, 403, 200)).toEqual({ ok: true, role: 'kiosk' });
    expect(classifyKey(403, 403, 403)).toMatchObject({
      ok: false,
      message: expect.stringContaining('scanner key'),
    });
    expect(classifyKey(403, 403, 500)).toMatchObject({ ok: false, message: expect.stringContaining('500') });
  });

  it('explains unknown keys and odd answers', () => {
    expect(classifyKey(401, null)).toMatchObject({
      ok: false,
      message: expect.stringContaining('does not know'),
    });
    expect(classifyKey(500, null)).toMatchObject({ ok: false });
  });
});

describe('keyShapeProblem', () => {
  it('catches an empty or half-pasted key before asking the server', () => {
    expect(keyShapeProblem('')).toBe('Paste an API key.');
    expect(keyShapeProblem('sk_live_ab cd')).toContain('sk_live_');
    expect(keyShapeProblem('pk_test_123456789')).toContain('sk_live_');
    expect(keyShapeProblem(' sk_live_abcdef1234567890 ')).toBeNull();
  });
});
