import { describe, expect, it } from 'vitest';
import { pairingUri } from '../../src/server/domain/devices.js';
import { normalizeFingerprint } from '../../src/scanner/fingerprint.js';
import { codeFitsFingerprint, parsePairingCode } from '../../src/scanner/pairing-code.js';
import { pairingCheck, typedPairingCode } from '../../src/shared/pairing-check.js';

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

  it('reads a typed code with its check letters, however the steward spelt them', () => {
    expect(typedPairingCode(token, fp)).toBe(`${token}.9V7DZG`);
    for (const typed of [`${token}.9V7DZG`, ` ${token}.9v7-dzg `, `${token}.9V7 DZG`]) {
      expect(parsePairingCode(typed)).toEqual({ token, url: null, fingerprint: null, check: '9V7DZG' });
    }
    // O, I and L read as 0, 1 and 1: Crockford base32 has none of them.
    expect(parsePairingCode(`${token}.4o1ike`).check).toBe('4011KE');
    for (const bad of [`${token}.`, `${token}.9V7DZ`, `${token}.9V7DZGG`, `${token}.9V7DZU`]) {
      expect(() => parsePairingCode(bad)).toThrow(/six check letters/);
    }
  });

  it('check letters are HMAC-SHA-256(token, fingerprint hex), first 30 bits in Crockford base32', () => {
    // Worked by hand with node:crypto: createHmac('sha256', token).update('marquee pairing check v1\n' + hex).
    expect(pairingCheck(token, fp)).toBe('9V7DZG');
    expect(pairingCheck(token, hex)).toBe('9V7DZG');
    expect(pairingCheck(token, null)).toBe('4N5KKE');
    const code = parsePairingCode(typedPairingCode(token, fp));
    expect(codeFitsFingerprint(code, hex)).toBe(true);
    expect(codeFitsFingerprint(code, hex.replace(/^ab/, 'ac'))).toBe(false);
    // Another token behind the same certificate has other letters: they cannot be learnt once.
    expect(pairingCheck(`${token}x`, fp)).not.toBe('9V7DZG');
    // A code without letters (QR, or a person-given fingerprint) is not checked here.
    expect(codeFitsFingerprint(parsePairingCode(token), hex.replace(/^ab/, 'ac'))).toBe(true);
  });
});
