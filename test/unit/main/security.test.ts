import { describe, expect, it } from 'vitest';
import {
  hardenedWebPreferences,
  isAllowedNavigation,
  isPermissionAllowed,
  certificateVerdict,
  certificateVerifyCodes,
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

describe('certificate pinning for a joined venue server', () => {
  // The same certificate in the two spellings involved: the pairing QR's hex and Electron's
  // `sha256/<base64>` (the fingerprint of the DER certificate either way).
  const hex = 'a1'.repeat(8) + '0f'.repeat(8) + '3c'.repeat(8) + 'e7'.repeat(8);
  const electronForm = `sha256/${Buffer.from(hex, 'hex').toString('base64')}`;
  const otherForm = `sha256/${Buffer.from('b2'.repeat(32), 'hex').toString('base64')}`;
  const pin = { origin: 'https://192.168.1.20:4380', fingerprint: hex };

  it('trusts exactly the pinned certificate on the pinned host', () => {
    expect(certificateVerdict(pin, '192.168.1.20', electronForm)).toBe('trust');
    expect(certificateVerifyCodes.trust).toBe(0);
  });

  it('refuses any other certificate on the pinned host, even a CA-signed one', () => {
    expect(certificateVerdict(pin, '192.168.1.20', otherForm)).toBe('reject');
    expect(certificateVerdict(pin, '192.168.1.20', 'garbage')).toBe('reject');
    expect(certificateVerifyCodes.reject).toBe(-2);
  });

  it('leaves every other host to Chromium, and everything when nothing is pinned', () => {
    expect(certificateVerdict(pin, 'example.com', electronForm)).toBe('default');
    expect(certificateVerdict(pin, '192.168.1.21', electronForm)).toBe('default');
    expect(certificateVerdict(null, '192.168.1.20', electronForm)).toBe('default');
    expect(certificateVerifyCodes.default).toBe(-3);
  });

  it('compares IPv6 hosts without their brackets', () => {
    const v6 = { origin: 'https://[fd00::20]:4380', fingerprint: hex };
    expect(certificateVerdict(v6, 'fd00::20', electronForm)).toBe('trust');
    expect(certificateVerdict(v6, '[fd00::20]', otherForm)).toBe('reject');
  });

  it('overrides a certificate error only for the pinned origin with the pinned certificate', () => {
    expect(isTrustedCertificate(pin, 'https://192.168.1.20:4380/v2/events', electronForm)).toBe(true);
    expect(isTrustedCertificate(pin, 'https://192.168.1.20:4380/', otherForm)).toBe(false);
    expect(isTrustedCertificate(pin, 'https://192.168.1.20:4381/', electronForm)).toBe(false);
    expect(isTrustedCertificate(pin, 'http://192.168.1.20:4380/', electronForm)).toBe(false);
    expect(isTrustedCertificate(null, 'https://127.0.0.1:4380/', electronForm)).toBe(false);
  });
});
