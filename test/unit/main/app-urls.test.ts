import { describe, expect, it } from 'vitest';
import { appUrls, loopbackOrigin } from '../../../src/main/app-urls.js';

describe('loopbackOrigin', () => {
  it('reaches a wildcard bind over loopback, keeping scheme and port', () => {
    expect(loopbackOrigin('https://192.168.1.20:4380', '0.0.0.0')).toBe('https://127.0.0.1:4380');
    expect(loopbackOrigin('https://192.168.1.20:4380', '::')).toBe('https://127.0.0.1:4380');
  });

  it('uses a specific bind address as it is', () => {
    expect(loopbackOrigin('http://127.0.0.1:4380', '127.0.0.1')).toBe('http://127.0.0.1:4380');
    expect(loopbackOrigin('https://10.0.0.5:4380', '10.0.0.5')).toBe('https://10.0.0.5:4380');
  });
});

describe('appUrls', () => {
  it('opens the server’s own UI', () => {
    expect(appUrls('https://192.168.1.20:4380', '0.0.0.0', {}, true)).toEqual({
      apiOrigin: 'https://127.0.0.1:4380',
      pageUrl: 'https://127.0.0.1:4380/',
      appOrigin: 'https://127.0.0.1:4380',
    });
  });

  it('uses the electron-vite dev server during development', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };
    expect(appUrls('http://127.0.0.1:4380', '127.0.0.1', env, false)).toEqual({
      apiOrigin: 'http://127.0.0.1:4380',
      pageUrl: 'http://localhost:5173/',
      appOrigin: 'http://localhost:5173',
    });
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://evil.test' };
    expect(appUrls('http://127.0.0.1:4380', '127.0.0.1', env, true).appOrigin).toBe('http://127.0.0.1:4380');
  });
});
