import { describe, expect, it } from 'vitest';
import { pairingUri } from '../../src/server/domain/devices.js';
import { normalizeFingerprint } from '../../src/scanner/fingerprint.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';

const fp = 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';
const hex = fp.replace(/:/g, '').toLowerCase();
const token = 'pair_abcdefghijklmnopqrstuvwxyz012345';

describe('pairing codes', () => {
  it("reads the server's own pairing link", () => {
    expect(parsePairingCode(pairingUri('https://10.0.0.5:4380', fp, token))).toEqual({
      token,
      url: 'https://10.0.0.5:4380',
      fingerprint: hex,
    });
    expect(parsePairingCode(pairingUri('http://127.0.0.1:4380', null, token))).toEqual({
      token,
      url: 'http://127.0.0.1:4380',
      fingerprint: null,
    });
  });

  it('takes a bare token', () => {
    expect(parsePairingCode(`  ${token}\n`)).toEqual({ token, url: null, fingerprint: null });
  });

  it('refuses what is not a pairing code', () => {
    for (const bad of [
      '',
      'hello',
      'https://evil.test/?token=pair_abcdefghijklmnopqrstu',
      'marquee://pair?url=x',
      `marquee://pair?token=${token}&fp=zz`,
    ]) {
      expect(() => parsePairingCode(bad)).toThrow();
    }
  });

  it('normalises fingerprint spellings and rejects others', () => {
    expect(normalizeFingerprint(fp)).toBe(hex);
    expect(normalizeFingerprint(`sha256:${hex.toUpperCase()}`)).toBe(hex);
    expect(normalizeFingerprint(Buffer.from(hex, 'hex').toString('base64url'))).toBe(hex);
    expect(normalizeFingerprint(Buffer.from(hex, 'hex').toString('base64'))).toBe(hex);
    expect(normalizeFingerprint('AB:CD')).toBeNull();
    expect(normalizeFingerprint('')).toBeNull();
  });
});
