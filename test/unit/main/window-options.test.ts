import { describe, expect, it } from 'vitest';
import { boxOfficeWindowOptions } from '../../../src/main/window-options.js';

describe('boxOfficeWindowOptions', () => {
  it('stays hidden until painted and uses the hardened preferences', () => {
    const options = boxOfficeWindowOptions('/app/out/preload/index.cjs');
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    });
  });
});
