import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDesktopApiKey, serverOptionsForDesktop } from '../../../src/main/desktop-config.js';

describe('serverOptionsForDesktop', () => {
  it('keeps the store under the app’s userData dir by default', () => {
    const options = serverOptionsForDesktop('/home/ana/.config/marquee', {});
    expect(options.dataDir).toBe(join('/home/ana/.config/marquee', 'venue-data'));
    // Otherwise the headless defaults: the desktop is the venue's server, reachable from the LAN.
    expect(options).toMatchObject({ host: '0.0.0.0', port: 4380, mdns: true, tls: 'auto', workers: true });
  });

  it('honours every MARQUEE_* setting, MARQUEE_DATA_DIR included', () => {
    const options = serverOptionsForDesktop('/ignored', {
      MARQUEE_DATA_DIR: '/srv/marquee',
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '5000',
      MARQUEE_MDNS: '0',
    });
    expect(options).toMatchObject({ dataDir: '/srv/marquee', host: '127.0.0.1', port: 5000, mdns: false });
  });

  it('refuses bad settings the same way the headless server does', () => {
    expect(() => serverOptionsForDesktop('/x', { MARQUEE_PORT: 'eighty' })).toThrow(/MARQUEE_PORT/);
  });
});

describe('readDesktopApiKey', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-desktop-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('prefers the configured admin key', () => {
    expect(readDesktopApiKey(tempDir(), 'sk_live_configuredconfigured')).toBe('sk_live_configuredconfigured');
  });

  it('reads the key the server wrote on first start', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'admin-key.txt'), 'sk_live_fromfilefromfile\n');
    expect(readDesktopApiKey(dir, undefined)).toBe('sk_live_fromfilefromfile');
  });

  it('is empty when there is no key to hand over', () => {
    expect(readDesktopApiKey(tempDir(), undefined)).toBe('');
  });
});
