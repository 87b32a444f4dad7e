import { describe, expect, it } from 'vitest';
import {
  defaultTillName,
  FirstRunError,
  isTestRun,
  joinTarget,
  normalizeServerUrl,
  planStartup,
  venueChoices,
  type VenueChoice,
} from '../../../src/main/first-run.js';
import type { TerminalConfig } from '../../../src/main/terminal-config.js';
import type { DiscoveredServer } from '../../../src/scanner/discovery.js';

const fpA = 'aa'.repeat(32);
const fpB = 'bb'.repeat(32);
const colonA = fpA.toUpperCase().match(/.{2}/g)!.join(':');
const token = 'pair_abcdefghijklmnopqrstuvwx';

const terminal: TerminalConfig = {
  version: 1,
  baseUrl: 'https://192.168.1.20:4380',
  fingerprint: fpA,
  apiKey: 'sk_live_tilltilltilltilltill',
  apiKeyId: 'key_1',
  deviceId: 'dev_1',
  venue: 'The Roxy',
  pairedAt: '2026-11-22T12:00:00.000Z',
};

describe('planStartup', () => {
  it('asks on a first start, and searches the network outside tests', () => {
    expect(planStartup({ venueStoreExists: false, terminal: null, env: {} })).toEqual({
      kind: 'ask',
      browse: true,
    });
  });

  it('never browses in a test run or with mDNS off', () => {
    for (const env of [
      { VITEST: 'true' },
      { NODE_ENV: 'test' },
      { MARQUEE_FIRST_RUN_BROWSE: '0' },
      { MARQUEE_MDNS: '0' },
    ]) {
      expect(planStartup({ venueStoreExists: false, terminal: null, env })).toEqual({
        kind: 'ask',
        browse: false,
      });
    }
  });

  it('hosts when this machine already has a store, even with a terminal file beside it', () => {
    expect(planStartup({ venueStoreExists: true, terminal: null, env: {} })).toEqual({ kind: 'host' });
    expect(planStartup({ venueStoreExists: true, terminal, env: {} })).toEqual({ kind: 'host' });
  });

  it('opens the joined venue when a terminal config is saved', () => {
    expect(planStartup({ venueStoreExists: false, terminal, env: {} })).toEqual({
      kind: 'terminal',
      config: terminal,
    });
  });

  it('hosts without asking when the server is configured explicitly', () => {
    expect(planStartup({ venueStoreExists: false, terminal, env: { MARQUEE_DATA_DIR: '/srv/m' } }).kind).toBe(
      'host',
    );
    expect(
      planStartup({ venueStoreExists: false, terminal: null, env: { MARQUEE_HOST: '0.0.0.0' } }).kind,
    ).toBe('host');
  });

  it('knows a test run', () => {
    expect(isTestRun({ VITEST: 'true' })).toBe(true);
    expect(isTestRun({})).toBe(false);
  });
});

const found = (over: Partial<DiscoveredServer>): DiscoveredServer => ({
  name: 'The Roxy',
  venue: 'The Roxy',
  host: 'roxy.local',
  addresses: ['192.168.1.20'],
  port: 4380,
  baseUrl: 'https://192.168.1.20:4380',
  fingerprint: fpA,
  version: '2',
  apiPath: '/v2',
  ...over,
});

describe('venueChoices', () => {
  it('offers servers speaking v2 over pinned HTTPS, once each, by name', () => {
    const choices = venueChoices([
      found({ venue: 'Zed Hall', fingerprint: fpB, baseUrl: 'https://192.168.1.30:4380' }),
      found({}),
      found({ addresses: ['10.0.0.5'], baseUrl: 'https://10.0.0.5:4380' }), // same server, other address
      found({ venue: 'Old', fingerprint: 'cc'.repeat(32), version: '1' }),
      found({ venue: 'Plain', fingerprint: null, baseUrl: null }),
    ]);
    expect(choices).toEqual([
      { venue: 'The Roxy', baseUrl: 'https://192.168.1.20:4380', fingerprint: fpA },
      { venue: 'Zed Hall', baseUrl: 'https://192.168.1.30:4380', fingerprint: fpB },
    ]);
  });

  it('falls back to the instance name when TXT carries no venue', () => {
    expect(venueChoices([found({ venue: null, name: 'roxy-box' })])[0]!.venue).toBe('roxy-box');
  });
});

describe('normalizeServerUrl', () => {
  it('reads a typed address as https and keeps only the origin', () => {
    expect(normalizeServerUrl(' 192.168.1.20:4380 ')).toBe('https://192.168.1.20:4380');
    expect(normalizeServerUrl('https://till.local:4380/v2/')).toBe('https://till.local:4380');
    expect(normalizeServerUrl('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
  });

  it('refuses what is not an http(s) address', () => {
    expect(() => normalizeServerUrl('ftp://x')).toThrow(FirstRunError);
    expect(() => normalizeServerUrl('https://')).toThrow(/not a server address/);
  });
});

describe('joinTarget', () => {
  const roxy: VenueChoice = { venue: 'The Roxy', baseUrl: 'https://192.168.1.20:4380', fingerprint: fpA };
  const qr = `marquee://pair?url=${encodeURIComponent('https://192.168.1.20:4380')}&fp=${encodeURIComponent(colonA)}&token=${token}`;

  it('takes everything from the pairing QR text', () => {
    expect(joinTarget({ code: qr }, [], 'box-2')).toEqual({
      url: 'https://192.168.1.20:4380',
      fingerprint: fpA,
      token,
      venue: null,
      name: 'Till on box-2',
    });
  });

  it('pairs a bare token with the venue picked from the network', () => {
    expect(joinTarget({ code: token, venueUrl: roxy.baseUrl, name: ' Bar till ' }, [roxy], 'h')).toEqual({
      url: roxy.baseUrl,
      fingerprint: fpA,
      token,
      venue: 'The Roxy',
      name: 'Bar till',
    });
  });

  it('pairs a bare token with an address and fingerprint typed by hand', () => {
    const target = joinTarget({ code: token, url: '192.168.1.20:4380', fingerprint: colonA }, [], 'h');
    expect(target).toMatchObject({ url: 'https://192.168.1.20:4380', fingerprint: fpA, token });
  });

  it('refuses a QR code from another server than the venue picked', () => {
    const other = { ...roxy, fingerprint: fpB };
    expect(() => joinTarget({ code: qr, venueUrl: other.baseUrl }, [other], 'h')).toThrow(
      /different venue server/,
    );
  });

  it('refuses https without a fingerprint, and plain http off this machine', () => {
    expect(() => joinTarget({ code: token, url: 'https://192.168.1.20:4380' }, [], 'h')).toThrow(
      /fingerprint/,
    );
    expect(() => joinTarget({ code: token, url: 'http://192.168.1.20:4380' }, [], 'h')).toThrow(/plain http/);
    expect(joinTarget({ code: token, url: 'http://127.0.0.1:4380' }, [], 'h')).toMatchObject({
      fingerprint: null,
    });
  });

  it('asks for a server when only a token was given', () => {
    expect(() => joinTarget({ code: token }, [], 'h')).toThrow(/Which venue server/);
  });

  it('explains where the code comes from when the text is not one', () => {
    expect(() => joinTarget({ code: 'hello' }, [], 'h')).toThrow(/Another till/);
    expect(() => joinTarget({ code: token, url: 'https://x:1', fingerprint: 'abc' }, [], 'h')).toThrow(
      /64 hex/,
    );
  });

  it('refuses a venue that vanished from the list and an over-long name', () => {
    expect(() => joinTarget({ code: token, venueUrl: 'https://gone:4380' }, [roxy], 'h')).toThrow(
      /no longer/,
    );
    expect(() => joinTarget({ code: qr, name: 'x'.repeat(101) }, [], 'h')).toThrow(/100 characters/);
  });

  it('names the till after the machine by default', () => {
    expect(defaultTillName('front-desk')).toBe('Till on front-desk');
    expect(defaultTillName('x'.repeat(200))).toHaveLength(100);
  });
});
