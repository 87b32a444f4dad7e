import { describe, expect, it } from 'vitest';
import { appUrls, devServerOrigin } from '../../../src/main/app-urls.js';

describe('appUrls', () => {
  it('opens the UI its API origin serves: the host’s loopback listener', () => {
    expect(appUrls('http://127.0.0.1:41234', {}, true)).toEqual({
      apiOrigin: 'http://127.0.0.1:41234',
      pageUrl: 'http://127.0.0.1:41234/',
      appOrigin: 'http://127.0.0.1:41234',
    });
  });

  it('opens a joined venue server’s own UI, path and all trimmed to its origin', () => {
    expect(appUrls('https://192.168.1.20:4380/v2', {}, true)).toEqual({
      apiOrigin: 'https://192.168.1.20:4380',
      pageUrl: 'https://192.168.1.20:4380/',
      appOrigin: 'https://192.168.1.20:4380',
    });
  });

  it('uses the electron-vite dev server during development', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };
    expect(appUrls('http://127.0.0.1:4380', env, false)).toEqual({
      apiOrigin: 'http://127.0.0.1:4380',
      pageUrl: 'http://localhost:5173/',
      appOrigin: 'http://localhost:5173',
    });
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://evil.test' };
    expect(appUrls('http://127.0.0.1:4380', env, true).appOrigin).toBe('http://127.0.0.1:4380');
  });
});

describe('devServerOrigin', () => {
  it('is the Vite dev server origin under electron-vite dev, and nothing in a packaged app', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/index.html' };
    expect(devServerOrigin(env, false)).toBe('http://localhost:5173');
    expect(devServerOrigin(env, true)).toBeUndefined();
    expect(devServerOrigin({}, false)).toBeUndefined();
  });
});
