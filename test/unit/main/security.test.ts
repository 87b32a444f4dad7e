import { describe, expect, it } from 'vitest';
import {
  hardenedWebPreferences,
  isAllowedNavigation,
  isPermissionAllowed,
  isTrustedCertificate,
  isTrustedSender,
} from '../../../src/main/security.js';

const appOrigin = 'http://127.0.0.1:4380';

describe('hardenedWebPreferences', () => {
  it('isolates, sandboxes and keeps Node out of the page', () => {
    expect(hardenedWebPreferences('/app/preload/index.cjs')).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
    });
  });
});

describe('isAllowedNavigation', () => {
  it('allows any path on the app origin', () => {
    expect(isAllowedNavigation(appOrigin, 'http://127.0.0.1:4380/tiers?x=1#top')).toBe(true);
  });

  it.each([
    'https://127.0.0.1:4380/', // other scheme
    'http://127.0.0.1:4381/', // other port
    'http://localhost:4380/', // other host name for the same machine
    'https://example.com/',
    'file:///etc/passwd',
    'about:blank',
    'javascript:alert(1)',
    'not a url',
  ])('denies %s', (url) => {
    expect(isAllowedNavigation(appOrigin, url)).toBe(false);
  });
});

describe('isPermissionAllowed', () => {
  it('allows the camera on the door page', () => {
    expect(isPermissionAllowed('media', `${appOrigin}/door`, appOrigin, ['video'])).toBe(true);
    expect(isPermissionAllowed('media', `${appOrigin}/door/evt_123?x=1`, appOrigin, ['video'])).toBe(true);
  });

  it('allows a media check (no media types) on the door page', () => {
    expect(isPermissionAllowed('media', `${appOrigin}/door`, appOrigin)).toBe(true);
  });

  it('denies the microphone, even on the door page', () => {
    expect(isPermissionAllowed('media', `${appOrigin}/door`, appOrigin, ['audio'])).toBe(false);
    expect(isPermissionAllowed('media', `${appOrigin}/door`, appOrigin, ['video', 'audio'])).toBe(false);
  });

  it.each([
    ['media', `${appOrigin}/`],
    ['media', `${appOrigin}/doorway`],
    ['media', 'http://evil.test/door'],
    ['media', undefined],
    ['media', 'garbage'],
    ['geolocation', `${appOrigin}/door`],
    ['notifications', `${appOrigin}/door`],
    ['openExternal', `${appOrigin}/door`],
    ['clipboard-read', `${appOrigin}/`],
  ])('denies %s for %s', (permission, url) => {
    expect(isPermissionAllowed(permission, url, appOrigin, ['video'])).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it('answers only frames of the app origin', () => {
    expect(isTrustedSender(appOrigin, `${appOrigin}/tiers`)).toBe(true);
    expect(isTrustedSender(appOrigin, 'http://evil.test/')).toBe(false);
    expect(isTrustedSender(appOrigin, undefined)).toBe(false);
    expect(isTrustedSender(appOrigin, '')).toBe(false);
  });
});

describe('isTrustedCertificate', () => {
  const apiOrigin = 'https://127.0.0.1:4380';

  it('trusts our own HTTPS server only', () => {
    expect(isTrustedCertificate(apiOrigin, `${apiOrigin}/v2/events`)).toBe(true);
    expect(isTrustedCertificate(apiOrigin, 'https://127.0.0.1:4381/')).toBe(false);
    expect(isTrustedCertificate(apiOrigin, 'https://example.com/')).toBe(false);
  });

  it('never overrides certificate checks when our server is plain HTTP', () => {
    expect(isTrustedCertificate(appOrigin, 'https://127.0.0.1:4380/')).toBe(false);
  });
});
