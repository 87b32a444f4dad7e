import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors.js';
import { embeddedIpv4, ipv6Bytes } from '../../../src/server/webhooks/embedded-ipv4.js';
import {
  addressRefusal,
  checkReceiverUrl,
  guardedLookup,
} from '../../../src/server/webhooks/receiver-address.js';

const refused = (address: string, allowLinkLocal = false) => addressRefusal(address, allowLinkLocal) !== null;

describe('IPv6 parsing and the IPv4 addresses it carries', () => {
  it('reads every spelling of an IPv6 address into its 16 bytes', () => {
    const hex = (a: string) => Buffer.from(ipv6Bytes(a)!).toString('hex');
    expect(hex('::')).toBe('0'.repeat(32));
    expect(hex('::1')).toBe(`${'0'.repeat(31)}1`);
    expect(hex('fe80::1%eth0')).toBe('fe80000000000000000000000000' + '0001');
    expect(hex('::ffff:169.254.169.254')).toBe(`${'0'.repeat(20)}ffffa9fea9fe`);
    expect(hex('2001:db8:0:0:1:0:0:1')).toBe('20010db8000000000001000000000001');
    expect(ipv6Bytes('169.254.169.254')).toBeNull();
    expect(ipv6Bytes('not an address')).toBeNull();
  });

  it.each([
    ['::ffff:a9fe:a9fe', '169.254.169.254', 'IPv4-mapped'],
    ['::ffff:0:a9fe:a9fe', '169.254.169.254', 'IPv4-translated'],
    ['::a9fe:a9fe', '169.254.169.254', 'IPv4-compatible'],
    ['::169.254.169.254', '169.254.169.254', 'IPv4-compatible'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254', 'NAT64'],
    ['64:ff9b::169.254.169.254', '169.254.169.254', 'NAT64'],
    ['2002:a9fe:a9fe::1', '169.254.169.254', '6to4'],
    ['2001:0:a9fe:a9fe::1', '169.254.169.254', 'Teredo server'],
    ['2001:0:4136:e378:8000:63bf:5601:5601', '169.254.169.254', 'Teredo client'],
    ['fe80::5efe:a9fe:a9fe', '169.254.169.254', 'ISATAP'],
  ])('%s carries %s (%s)', (address, ipv4, form) => {
    expect(embeddedIpv4(address)).toContainEqual({ ipv4, form });
  });

  it('finds the IPv4 address of a 64:ff9b:1::/48 prefix at whichever length it was cut', () => {
    // /48: bytes 6,7,9,10; /64: bytes 9-12; /96: bytes 12-15.
    expect(embeddedIpv4('64:ff9b:1:a9fe:a9:fe00::').map((e) => e.ipv4)).toContain('169.254.169.254');
    expect(embeddedIpv4('64:ff9b:1::a9:fea9:fe00:0').map((e) => e.ipv4)).toContain('169.254.169.254');
    expect(embeddedIpv4('64:ff9b:1::a9fe:a9fe').map((e) => e.ipv4)).toContain('169.254.169.254');
  });

  it('finds none in ordinary addresses, loopback and unspecified included', () => {
    for (const a of ['::', '::1', '2a00:1450:4001:81b::200e', 'fd12:3456::1', '127.0.0.1'])
      expect(embeddedIpv4(a), a).toEqual([]);
  });
});

describe('where webhooks may go', () => {
  it('never to a cloud metadata address, whatever is allowed', () => {
    for (const a of [
      '169.254.169.254',
      '169.254.170.2',
      '169.254.170.23',
      '169.254.0.23',
      '169.254.42.42',
      '100.100.100.200',
      '192.0.0.192',
      '168.63.129.16',
      'fd00:ec2::254',
      'fd00:ec2:0:0:0:0:0:254',
      'fd00:ec2::23',
      'fd20:ce::254',
      'fd00:42::42',
    ]) {
      expect(refused(a), a).toBe(true);
      expect(refused(a, true), `${a}, link-local allowed`).toBe(true);
      expect(addressRefusal(a, true)).toMatch(/cloud metadata/);
    }
  });

  it('not to link-local unless allowed', () => {
    for (const a of ['169.254.0.1', '169.254.255.254', 'fe80::1', 'febf::ffff']) {
      expect(refused(a), a).toBe(true);
      expect(refused(a, true), a).toBe(false);
    }
  });

  it('judges IPv6 forms that carry IPv4 by the IPv4 inside', () => {
    for (const a of [
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::a9fe:a9fe',
      '::ffff:0:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::100.100.100.200',
      '64:ff9b:1::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '2002:6464:64c8::1',
      '2001:0:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:5601:5601',
    ])
      expect(refused(a, true), a).toBe(true);
    expect(addressRefusal('64:ff9b::a9fe:a9fe', false)).toMatch(
      /carries the IPv4 address 169\.254\.169\.254 \(NAT64\)/,
    );
    // Link-local inside: refused, unless link-local is allowed.
    expect(refused('::ffff:169.254.1.1')).toBe(true);
    expect(refused('::ffff:169.254.1.1', true)).toBe(false);
  });

  it('keeps LAN, loopback and public receivers allowed, in every form', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '172.16.4.2',
      '192.168.1.20',
      'fd12:3456::1',
      'fd00:ec2::253',
      '100.100.100.201',
      '::ffff:192.168.1.20',
      '::ffff:c0a8:114',
      '64:ff9b::c0a8:114',
      '2002:c0a8:114::1',
      '2a00:1450:4001:81b::200e',
      '8.8.8.8',
    ])
      expect(refused(a), a).toBe(false);
  });
});

describe('checkReceiverUrl', () => {
  const message = (url: string, allow = false) => {
    try {
      checkReceiverUrl(url, allow);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).param).toBe('url');
      return (err as ApiError).message;
    }
  };

  it('refuses literal metadata and link-local addresses in any spelling the URL parser reads', () => {
    expect(message('http://169.254.169.254/')).toMatch(/link-local|metadata/);
    expect(message('http://0xa9fea9fe/')).toMatch(/metadata/); // hex spelling of 169.254.169.254
    expect(message('http://2852039166/')).toMatch(/metadata/); // decimal
    expect(message('http://0251.0376.0251.0376/')).toMatch(/metadata/); // octal
    expect(message('http://[::ffff:169.254.169.254]/')).toMatch(/metadata/);
    expect(message('http://[64:ff9b::a9fe:a9fe]/latest')).toMatch(/metadata/);
    expect(message('http://[fd00:ec2::254]/latest/meta-data')).toMatch(/metadata/);
    expect(message('http://100.100.100.200/latest/meta-data', true)).toMatch(/never/);
    expect(message('http://[fe80::2]:8080/')).toMatch(/MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL=1/);
  });

  it('refuses the names of metadata services, with or without a trailing dot', () => {
    expect(message('http://metadata.google.internal/computeMetadata/v1/')).toMatch(/metadata service/);
    expect(message('http://METADATA.google.internal./x')).toMatch(/metadata service/);
    expect(message('http://metadata/computeMetadata/v1/')).toMatch(/metadata service/);
  });

  it('keeps LAN receivers, and link-local ones when allowed, as normalised URLs', () => {
    expect(checkReceiverUrl('http://169.254.10.10/', true)).toBe('http://169.254.10.10/');
    expect(checkReceiverUrl('http://192.168.1.20:8080/hooks', false)).toBe('http://192.168.1.20:8080/hooks');
    expect(checkReceiverUrl('http://[fd12::1]/hooks', false)).toBe('http://[fd12::1]/hooks');
    expect(checkReceiverUrl('HTTPS://Example.COM/hooks', false)).toBe('https://example.com/hooks');
  });
});

describe('guardedLookup (connect time: the addresses checked are the ones connected to)', () => {
  const resolveTo = (addresses: string[]) => async (): Promise<{ address: string; family: number }[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const lookup = (host: string, allow = false, answer?: string[]) =>
    new Promise<string>((done) =>
      guardedLookup(allow, answer ? resolveTo(answer) : undefined)(host, { family: 0 }, (err, address) =>
        done(err ? `error:${(err as NodeJS.ErrnoException).code}:${err.message}` : String(address)),
      ),
    );

  it('refuses a name any of whose addresses is refused', async () => {
    // A literal resolves to itself without asking a DNS server, so this stays on the machine.
    expect(await lookup('169.254.169.254')).toMatch(/^error:EBLOCKED/);
    expect(await lookup('169.254.169.254', true)).toMatch(/^error:EBLOCKED/);
    expect(await lookup('169.254.10.10', true)).toBe('169.254.10.10');
    expect(await lookup('127.0.0.1')).toBe('127.0.0.1');
    // A rebinding answer: one LAN address and one metadata address in IPv6 clothing.
    const rebinding = await lookup('hooks.example.test', false, ['192.168.1.20', '64:ff9b::a9fe:a9fe']);
    expect(rebinding).toMatch(/^error:EBLOCKED:hooks\.example\.test resolves to 64:ff9b::a9fe:a9fe carries/);
    expect(await lookup('hooks.example.test', false, ['fd00:ec2::254'])).toMatch(/cloud metadata/);
    expect(await lookup('hooks.example.test', false, ['192.168.1.20'])).toBe('192.168.1.20');
  });

  it('answers all addresses when asked for all', async () => {
    const all = await new Promise<unknown>((done) =>
      guardedLookup(false)('127.0.0.1', { all: true }, (_err, addresses) => done(addresses)),
    );
    expect(all).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
