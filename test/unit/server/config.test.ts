import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultDataDir,
  isLoopback,
  listeningUrl,
  optionsFromEnv,
  reachableHost,
  usesHttps,
} from '../../../src/server/config.js';

const key = 'sk_live_abcdefghijklmnop0123';

describe('optionsFromEnv', () => {
  it('has the contract defaults with no MARQUEE_* set', () => {
    const options = optionsFromEnv({ XDG_DATA_HOME: '/xdg' });
    expect(options).toMatchObject({
      dataDir: process.platform === 'linux' ? '/xdg/marquee' : defaultDataDir({ XDG_DATA_HOME: '/xdg' }),
      host: '0.0.0.0',
      port: 4380,
      adminKey: undefined,
      baseUrl: undefined,
      mdns: true,
      tls: 'auto',
      smtpUrl: undefined,
      rateLimitPerMinute: 6000,
      venueName: 'Marquee venue',
      logLevel: 'info',
      workers: true,
    });
    expect(options.now()).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('honours every foundation MARQUEE_* setting', () => {
    const options = optionsFromEnv({
      MARQUEE_DATA_DIR: '/srv/marquee',
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '8080',
      MARQUEE_ADMIN_KEY: key,
      MARQUEE_BASE_URL: 'https://tickets.example.org/',
      MARQUEE_MDNS: '0',
      MARQUEE_TLS: 'off',
      MARQUEE_SMTP_URL: 'smtp://127.0.0.1:2525',
      MARQUEE_RATE_LIMIT: '0',
      MARQUEE_VENUE_NAME: 'The Roundhouse',
      MARQUEE_LOG_LEVEL: 'warn',
    });
    expect(options).toMatchObject({
      dataDir: '/srv/marquee',
      host: '127.0.0.1',
      port: 8080,
      adminKey: key,
      baseUrl: 'https://tickets.example.org',
      mdns: false,
      tls: 'off',
      smtpUrl: 'smtp://127.0.0.1:2525',
      rateLimitPerMinute: 0,
      venueName: 'The Roundhouse',
      logLevel: 'warn',
    });
  });

  it('refuses an SMTP password with a bare %, saying how to write it and never echoing it', () => {
    const bad = () => optionsFromEnv({ MARQUEE_SMTP_URL: 'smtp://venue:Pa%zzSecretWord@127.0.0.1:2525' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/write % as %25/);
    expect(bad).not.toThrow(/SecretWord/);
    // Escaped, it is taken as given; a % in the host part is no password's business.
    expect(optionsFromEnv({ MARQUEE_SMTP_URL: 'smtp://venue:Pa%25zz%40Word@127.0.0.1:2525' }).smtpUrl).toBe(
      'smtp://venue:Pa%25zz%40Word@127.0.0.1:2525',
    );
  });

  it('refuses an SMTP URL whose host or port no connection can use, never echoing the password', () => {
    for (const url of [
      'smtp://venue:SecretWord@127.0.0.1:99999',
      'smtp://venue:SecretWord@bad host:25',
      'smtp://venue:SecretWord@127.0.0.1:0',
      'smtp://venue:Secret#Word@127.0.0.1:25',
    ]) {
      const bad = () => optionsFromEnv({ MARQUEE_SMTP_URL: url });
      expect(bad, url).toThrow(/port must be a number from 1 to 65535/);
      expect(bad, url).not.toThrow(/Secret/);
    }
    for (const url of ['smtps://venue:Secret%23Word@mail.example.com', 'smtp://[::1]:2525']) {
      expect(optionsFromEnv({ MARQUEE_SMTP_URL: url }).smtpUrl, url).toBe(url);
    }
  });

  it('treats empty values as unset', () => {
    const options = optionsFromEnv({
      MARQUEE_PORT: '',
      MARQUEE_HOST: '',
      MARQUEE_ADMIN_KEY: '',
      MARQUEE_BASE_URL: '',
      MARQUEE_RATE_LIMIT: '',
      MARQUEE_DATA_DIR: '',
      XDG_DATA_HOME: '/xdg',
    });
    expect(options).toMatchObject({ port: 4380, host: '0.0.0.0', adminKey: undefined, baseUrl: undefined });
    expect(options.rateLimitPerMinute).toBe(6000);
  });

  it('only MARQUEE_MDNS=0 turns mDNS off, only MARQUEE_TLS=off turns TLS off', () => {
    expect(optionsFromEnv({ MARQUEE_MDNS: '1' }).mdns).toBe(true);
    expect(optionsFromEnv({ MARQUEE_MDNS: 'false' }).mdns).toBe(true);
    expect(optionsFromEnv({ MARQUEE_TLS: 'on' }).tls).toBe('auto');
  });

  it('accepts port 0 (any free port) and 65535', () => {
    expect(optionsFromEnv({ MARQUEE_PORT: '0' }).port).toBe(0);
    expect(optionsFromEnv({ MARQUEE_PORT: '65535' }).port).toBe(65535);
  });

  it.each(['abc', '-1', '65536', '80.5', 'NaN'])('refuses MARQUEE_PORT=%s with a clear message', (port) => {
    expect(() => optionsFromEnv({ MARQUEE_PORT: port })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ MARQUEE_PORT: port })).toThrow(
      `MARQUEE_PORT must be a whole number from 0 to 65535, got '${port}'.`,
    );
  });

  it.each(['-5', 'lots', '1.5'])('refuses MARQUEE_RATE_LIMIT=%s', (limit) => {
    expect(() => optionsFromEnv({ MARQUEE_RATE_LIMIT: limit })).toThrow(
      /MARQUEE_RATE_LIMIT must be a whole number/,
    );
  });

  it('keeps finished outbox rows 30 days unless MARQUEE_RETENTION_DAYS says otherwise (1–3650)', () => {
    expect(optionsFromEnv({}).retentionDays).toBe(30);
    expect(optionsFromEnv({ MARQUEE_RETENTION_DAYS: '' }).retentionDays).toBe(30);
    expect(optionsFromEnv({ MARQUEE_RETENTION_DAYS: '1' }).retentionDays).toBe(1);
    expect(optionsFromEnv({ MARQUEE_RETENTION_DAYS: '90' }).retentionDays).toBe(90);
    expect(optionsFromEnv({ MARQUEE_RETENTION_DAYS: '3650' }).retentionDays).toBe(3650);
  });

  it.each(['0', '-30', '3651', '7.5', 'month'])('refuses MARQUEE_RETENTION_DAYS=%s', (days) => {
    expect(() => optionsFromEnv({ MARQUEE_RETENTION_DAYS: days })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ MARQUEE_RETENTION_DAYS: days })).toThrow(
      `MARQUEE_RETENTION_DAYS must be a whole number from 1 to 3650, got '${days}'.`,
    );
  });

  it.each(['admin', 'sk_test_abcdefghijklmnop0123', 'sk_live_short', 'sk_live_has spaces in it!!'])(
    'refuses MARQUEE_ADMIN_KEY=%s',
    (value) => {
      expect(() => optionsFromEnv({ MARQUEE_ADMIN_KEY: value })).toThrow(
        /MARQUEE_ADMIN_KEY must look like sk_live_/,
      );
    },
  );

  it('does not echo a refused admin key', () => {
    expect(() => optionsFromEnv({ MARQUEE_ADMIN_KEY: 'sk_live_secretbutshort' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secretbutshort') }),
    );
  });

  it.each(['tickets.example.org', 'ftp://x', '/relative'])('refuses MARQUEE_BASE_URL=%s', (url) => {
    expect(() => optionsFromEnv({ MARQUEE_BASE_URL: url })).toThrow(
      /MARQUEE_BASE_URL must be an http\(s\) URL/,
    );
  });

  it('strips trailing slashes from the base URL', () => {
    expect(optionsFromEnv({ MARQUEE_BASE_URL: 'http://10.0.0.5:4380///' }).baseUrl).toBe(
      'http://10.0.0.5:4380',
    );
  });
});

describe('defaultDataDir', () => {
  it('follows each platform’s convention', () => {
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.local', 'share', 'marquee'));
    expect(defaultDataDir({ XDG_DATA_HOME: '/data' }, 'linux')).toBe(join('/data', 'marquee'));
    expect(defaultDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'marquee'));
    expect(defaultDataDir({ APPDATA: 'C:/Users/x/AppData/Roaming' }, 'win32')).toBe(
      join('C:/Users/x/AppData/Roaming', 'marquee'),
    );
  });
});

describe('isLoopback and usesHttps', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::1]'])(
    '%s is loopback',
    (host) => {
      expect(isLoopback(host)).toBe(true);
      expect(usesHttps({ host, tls: 'auto' })).toBe(false);
    },
  );

  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.20',
    '10.0.0.1',
    'venue.local',
    '128.0.0.1',
    '::ffff:192.168.1.20',
    '127.evil.example',
  ])('%s is not loopback', (host) => {
    expect(isLoopback(host)).toBe(false);
    expect(usesHttps({ host, tls: 'auto' })).toBe(true);
    expect(usesHttps({ host, tls: 'off' })).toBe(false);
  });
});

describe('listening URLs', () => {
  it('uses http on loopback and https elsewhere', () => {
    expect(listeningUrl({ host: '127.0.0.1', tls: 'auto' }, 4380)).toBe('http://127.0.0.1:4380');
    expect(listeningUrl({ host: '192.168.1.20', tls: 'auto' }, 4380)).toBe('https://192.168.1.20:4380');
    expect(listeningUrl({ host: '192.168.1.20', tls: 'off' }, 80)).toBe('http://192.168.1.20:80');
  });

  it('brackets IPv6 hosts and maps a wildcard bind to a reachable address', () => {
    expect(reachableHost('::1')).toBe('[::1]');
    const wildcard = reachableHost('0.0.0.0');
    expect(wildcard).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(wildcard).not.toBe('0.0.0.0');
  });
});
