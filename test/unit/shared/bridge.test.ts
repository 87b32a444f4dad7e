import { describe, expect, it } from 'vitest';
import { isMarqueeBridge } from '../../../src/shared/bridge.js';

describe('isMarqueeBridge', () => {
  it('accepts the three string fields', () => {
    expect(isMarqueeBridge({ apiBaseUrl: 'http://127.0.0.1:4380', apiKey: '', appVersion: '0.1.0' })).toBe(
      true,
    );
  });

  it.each([
    null,
    undefined,
    'x',
    42,
    {},
    { apiBaseUrl: 'u', apiKey: 'k' },
    { apiBaseUrl: 1, apiKey: '', appVersion: '' },
  ])('refuses %j', (value) => {
    expect(isMarqueeBridge(value)).toBe(false);
  });
});
