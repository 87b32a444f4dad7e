import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors.js';
import {
  checkReceiverUrl,
  guardedLookup,
  isLinkLocal,
} from '../../../src/server/webhooks/receiver-address.js';

describe('link-local addresses', () => {
  it('covers 169.254.0.0/16 and fe80::/10, including IPv4-mapped forms', () => {
    for (const a of ['169.254.169.254', '169.254.0.1', 'fe80::1', 'febf::ffff', '::ffff:169.254.1.1'])
      expect(isLinkLocal(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '169.255.0.1', 'fec0::1', '::1', 'example.com'])
      expect(isLinkLocal(a), a).toBe(false);
  });

  it('refuses such URLs unless allowed, and keeps others as normalised URLs', () => {
    const refused = (url: string) => {
      try {
        checkReceiverUrl(url, false);
        return false;
      } catch (err) {
        return err instanceof ApiError && err.param === 'url';
      }
    };
    expect(refused('http://169.254.169.254/')).toBe(true);
    expect(refused('http://0xa9fea9fe/')).toBe(true); // hex spelling of 169.254.169.254
    expect(refused('http://[fe80::2]:8080/')).toBe(true);
    expect(checkReceiverUrl('http://169.254.169.254/', true)).toBe('http://169.254.169.254/');
    expect(checkReceiverUrl('HTTPS://Example.COM/hooks', false)).toBe('https://example.com/hooks');
  });
});

describe('guardedLookup', () => {
  const resolve = (host: string, allow = false) =>
    new Promise<string>((done) =>
      guardedLookup(allow)(host, { family: 0 }, (err, address) =>
        done(err ? `error:${(err as NodeJS.ErrnoException).code}` : String(address)),
      ),
    );

  it('refuses a name whose answer is link-local, at connect time', async () => {
    // A literal resolves to itself without asking a DNS server, so this stays on the machine.
    expect(await resolve('169.254.169.254')).toBe('error:EBLOCKED');
    expect(await resolve('169.254.169.254', true)).toBe('169.254.169.254');
    expect(await resolve('127.0.0.1')).toBe('127.0.0.1');
  });

  it('answers all addresses when asked for all', async () => {
    const all = await new Promise<unknown>((done) =>
      guardedLookup(false)('127.0.0.1', { all: true }, (_err, addresses) => done(addresses)),
    );
    expect(all).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
