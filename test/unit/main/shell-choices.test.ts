import { describe, expect, it } from 'vitest';
import { bridgeAnswer, joinedBridges, type Bridges } from '../../../src/main/bridge-answer.js';
import { loopbackPortFor } from '../../../src/main/desktop-config.js';
import { quitsWhenWindowsClose } from '../../../src/main/quit-policy.js';
import {
  firstRunWindowOptions,
  kioskWindowOptions,
  monitorWindowOptions,
  windowOptions,
  windowUrl,
} from '../../../src/main/window-options.js';

const appOrigin = 'http://127.0.0.1:41234';
let kioskAsked = 0;
const bridges: Bridges = {
  staff: { apiBaseUrl: appOrigin, apiKey: 'sk_live_admin', appVersion: '1.0.0' },
  kiosk: () => {
    kioskAsked += 1;
    return { apiBaseUrl: appOrigin, apiKey: 'sk_live_kiosk', appVersion: '1.0.0' };
  },
};

describe('bridgeAnswer', () => {
  it('hands staff windows the staff key and the kiosk window only its own, on any of its pages', () => {
    expect(bridgeAnswer(bridges, appOrigin, `${appOrigin}/`, 'box-office')?.apiKey).toBe('sk_live_admin');
    expect(bridgeAnswer(bridges, appOrigin, `${appOrigin}/monitor`, 'monitor')?.apiKey).toBe('sk_live_admin');
    // The kiosk key is only made once a kiosk window asks for it.
    expect(kioskAsked).toBe(0);
    expect(bridgeAnswer(bridges, appOrigin, `${appOrigin}/kiosk`, 'kiosk')?.apiKey).toBe('sk_live_kiosk');
    // A kiosk that was steered to the settings page still has the kiosk key only.
    expect(bridgeAnswer(bridges, appOrigin, `${appOrigin}/settings`, 'kiosk')?.apiKey).toBe('sk_live_kiosk');
  });

  it('gives a joined till’s kiosk window no key: its box_office key must not face customers', () => {
    const till = { apiBaseUrl: 'https://10.0.0.5:4380', apiKey: 'sk_live_till', appVersion: '1.0.0' };
    const joined = joinedBridges(till);
    expect(bridgeAnswer(joined, till.apiBaseUrl, `${till.apiBaseUrl}/`, 'box-office')?.apiKey).toBe(
      'sk_live_till',
    );
    expect(bridgeAnswer(joined, till.apiBaseUrl, `${till.apiBaseUrl}/kiosk`, 'kiosk')).toEqual({
      ...till,
      apiKey: '',
    });
  });

  it('answers nothing to other origins, to windows without a role, or before host-or-join is decided', () => {
    expect(bridgeAnswer(bridges, appOrigin, 'http://evil.test/', 'box-office')).toBeNull();
    expect(bridgeAnswer(bridges, appOrigin, `${appOrigin}/`, undefined)).toBeNull();
    expect(bridgeAnswer(null, appOrigin, `${appOrigin}/`, 'box-office')).toBeNull();
    expect(bridgeAnswer(bridges, '', 'http://127.0.0.1:5000/abc/', 'box-office')).toBeNull();
  });
});

describe('quitsWhenWindowsClose', () => {
  it('keeps a host serving from the tray, but only if there is a tray', () => {
    expect(quitsWhenWindowsClose('host', true, 'linux')).toBe(false);
    expect(quitsWhenWindowsClose('host', false, 'linux')).toBe(true);
    expect(quitsWhenWindowsClose('host', true, 'win32')).toBe(false);
  });

  it('quits a joined till and an abandoned first run', () => {
    expect(quitsWhenWindowsClose('terminal', true, 'win32')).toBe(true);
    expect(quitsWhenWindowsClose('first-run', false, 'linux')).toBe(true);
  });

  it('follows the macOS convention of staying alive', () => {
    expect(quitsWhenWindowsClose('terminal', false, 'darwin')).toBe(false);
  });
});

describe('window options per role', () => {
  const preload = '/app/out/preload/index.cjs';

  it('opens each role on its route', () => {
    expect(windowUrl('box-office', 'http://127.0.0.1:41234/')).toBe('http://127.0.0.1:41234/');
    expect(windowUrl('kiosk', 'http://127.0.0.1:41234/')).toBe('http://127.0.0.1:41234/kiosk');
    expect(windowUrl('monitor', 'https://192.168.1.20:4380/')).toBe('https://192.168.1.20:4380/monitor');
  });

  it('puts the kiosk in kiosk mode, and every window behind the hardened preferences', () => {
    expect(kioskWindowOptions(preload)).toMatchObject({ kiosk: true, fullscreen: true, show: false });
    expect(monitorWindowOptions(preload).kiosk).toBeUndefined();
    for (const options of [
      windowOptions('box-office', preload),
      windowOptions('kiosk', preload),
      windowOptions('monitor', preload),
      firstRunWindowOptions(preload),
    ]) {
      expect(options.webPreferences).toMatchObject({
        contextIsolation: true,
        nodeIntegration: false,
        sandbox: true,
      });
    }
  });
});

describe('loopbackPortFor', () => {
  it('asks for a loopback listener on any free port when the server binds the LAN', () => {
    expect(loopbackPortFor({ host: '0.0.0.0' }, {})).toBe(0);
    expect(loopbackPortFor({ host: '192.168.1.20' }, { MARQUEE_LOOPBACK_PORT: '4390' })).toBe(4390);
  });

  it('needs none when the server itself is on loopback', () => {
    expect(loopbackPortFor({ host: '127.0.0.1' }, { MARQUEE_LOOPBACK_PORT: '4390' })).toBeUndefined();
  });

  it('refuses a bad port like every other MARQUEE_* setting', () => {
    expect(() => loopbackPortFor({ host: '0.0.0.0' }, { MARQUEE_LOOPBACK_PORT: 'x' })).toThrow(
      /MARQUEE_LOOPBACK_PORT/,
    );
  });
});
