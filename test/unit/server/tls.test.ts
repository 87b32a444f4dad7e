import { X509Certificate, createPrivateKey } from 'node:crypto';
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { ensureTlsMaterial, tlsPaths } from '../../../src/server/tls.js';
import { capturedLog } from '../../support/captured-log.js';
import { adminSecret, tempDataDir, testOptions } from '../../support/test-app.js';

const dirs: string[] = [];
const fresh = () => {
  const dir = tempDataDir('marquee-tls-');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fingerprintFormat = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/** Starts on a LAN address (HTTPS) over one data dir, with what a test reads back. */
function lanStarts(dir: string) {
  const { lines, logDestination } = capturedLog();
  const start = () =>
    buildApp(
      testOptions(dir, {
        host: '10.99.0.7',
        tls: 'auto',
        logLevel: 'warn',
        logDestination,
      }),
    );
  const call = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const warnings = () =>
    lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level === 40);
  const replacedRows = async (app: FastifyInstance) =>
    (
      (await call(app, 'GET', '/v2/audit_events?limit=100')).data as {
        action: string;
        object_id: string;
        actor: Record<string, unknown>;
        data: Record<string, unknown>;
      }[]
    ).filter((row) => row.action === 'certificate.replaced');
  return { start, warnings, replacedRows, lines };
}

/** Pairs a door with `app` through the admin key's pairing code, as a door does. */
async function pairADoor(app: FastifyInstance, name: string): Promise<void> {
  const pairing = await app.inject({
    method: 'POST',
    url: '/v2/devices/pairing',
    headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(pairing.statusCode, pairing.body).toBe(200);
  const { pairing_token } = pairing.json() as { pairing_token: string };
  const paired = await app.inject({
    method: 'POST',
    url: '/v2/devices/pair',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ pairing_token, name }),
  });
  expect(paired.statusCode, paired.body).toBe(200);
}

describe('the LAN certificate', () => {
  it('is made on first start: RSA 2048, SHA-256 signed, SANs for marquee.local and the bind address, key 0600', () => {
    const dir = fresh();
    const tls = ensureTlsMaterial(dir, '10.99.0.7');
    expect(tls.created).toBe(true);
    // Nothing was there to replace: a first start is not worth a warning.
    expect(tls.replaced).toBeNull();
    const paths = tlsPaths(dir);
    expect(statSync(paths.key).mode & 0o777).toBe(0o600);
    const x509 = new X509Certificate(readFileSync(paths.cert));
    expect(x509.checkPrivateKey(createPrivateKey(readFileSync(paths.key)))).toBe(true);
    expect(createPrivateKey(tls.key).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(x509.subjectAltName).toContain('DNS:marquee.local');
    expect(x509.subjectAltName).toContain('IP Address:10.99.0.7');
    expect(x509.ca).toBe(false);
    expect(Date.parse(x509.validTo) - Date.now()).toBeGreaterThan(9 * 365 * 24 * 3600 * 1000);
    expect(tls.fingerprint256).toMatch(fingerprintFormat);
    expect(tls.fingerprint256).toBe(x509.fingerprint256);
  });

  it('is reused on later starts, so pinned devices keep trusting the server', () => {
    const dir = fresh();
    const first = ensureTlsMaterial(dir, '10.99.0.7');
    const second = ensureTlsMaterial(dir, '0.0.0.0');
    expect(second.created).toBe(false);
    expect(second.fingerprint256).toBe(first.fingerprint256);
  });

  it('is replaced when the files are damaged or do not match', () => {
    const dir = fresh();
    const first = ensureTlsMaterial(dir, '10.99.0.7');
    writeFileSync(tlsPaths(dir).cert, 'not a certificate');
    const second = ensureTlsMaterial(dir, '10.99.0.7');
    expect(second.created).toBe(true);
    expect(second.fingerprint256).not.toBe(first.fingerprint256);
    // Why it was replaced, for the start-up warning (every paired device must pair again).
    expect(second.replaced).toMatch(/^damaged or missing: /);
    expect(ensureTlsMaterial(dir, '10.99.0.7').replaced).toBeNull();
    // A key that does not belong to the certificate is no certificate at all.
    const other = fresh();
    ensureTlsMaterial(other, '10.99.0.8');
    writeFileSync(tlsPaths(dir).key, readFileSync(tlsPaths(other).key));
    const third = ensureTlsMaterial(dir, '10.99.0.7');
    expect(third.created).toBe(true);
    expect(third.replaced).toBe('the key does not belong to the certificate');
    // A truncated key file (half of it) is damaged too.
    const key = readFileSync(tlsPaths(dir).key);
    writeFileSync(tlsPaths(dir).key, key.subarray(0, key.length >> 1));
    expect(ensureTlsMaterial(dir, '10.99.0.7').replaced).toMatch(/^damaged or missing: /);
  });

  it('a non-loopback build serves it and exposes its fingerprint for mDNS and pairing; TLS off does not', async () => {
    const dir = fresh();
    const app = await buildApp(testOptions(dir, { host: '10.99.0.7', tls: 'auto' }));
    try {
      const fingerprint = ensureTlsMaterial(dir, '10.99.0.7').fingerprint256;
      expect(app.ctx.scan.certFingerprint).toBe(fingerprint);
      const res = await app.inject({
        method: 'POST',
        url: '/v2/devices/pairing',
        headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { cert_fingerprint: string; qr: string };
      expect(body.cert_fingerprint).toBe(fingerprint);
      expect(new URLSearchParams(body.qr.split('?')[1]).get('fp')).toBe(fingerprint);
    } finally {
      await app.close();
    }
    const plainDir = fresh();
    const plain = await buildApp(testOptions(plainDir, { host: '10.99.0.7', tls: 'off' }));
    expect(plain.ctx.scan.certFingerprint).toBeNull();
    await plain.close();
  });

  it('made anew for a store that already exists (tls/ lost, the database kept) says once that paired devices must pair again, and audits it', async () => {
    const dir = fresh();
    const { start, warnings, replacedRows, lines } = lanStarts(dir);
    // First start: a new certificate is no news, nobody has pinned anything yet.
    const first = await start();
    await pairADoor(first, 'Door 1');
    const oldFingerprint = first.ctx.scan.certFingerprint;
    expect(warnings()).toEqual([]);
    expect(await replacedRows(first)).toEqual([]);
    await first.close();

    // The data dir copied to a new machine without tls/, or the folder deleted by hand.
    rmSync(tlsPaths(dir).dir, { recursive: true });
    const second = await start();
    try {
      expect(second.ctx.scan.certFingerprint).not.toBe(oldFingerprint);
      const said = warnings();
      expect(said).toHaveLength(1);
      expect(said[0]!.msg).toMatch(/paired devices .*must pair again/);
      expect(said[0]).toMatchObject({ paired_devices: 1, fingerprint: second.ctx.scan.certFingerprint });
      // No secret in it: neither the new key nor anything PEM.
      expect(lines.join('')).not.toMatch(/PRIVATE KEY|BEGIN/);
      const rows = await replacedRows(second);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        object_id: second.ctx.scan.certFingerprint,
        actor: { api_key_id: null, device_id: null, staff_id: null },
        data: { paired_devices: 1 },
      });
    } finally {
      await second.close();
    }

    // The next start finds it kept: nothing more to say.
    const third = await start();
    await third.close();
    expect(warnings()).toHaveLength(1);
  });

  it('a store that ran only on loopback (a door paired over plain HTTP) then on the LAN: a first certificate, no warning and no audit row', async () => {
    const dir = fresh();
    const loopback = await buildApp(testOptions(dir));
    await pairADoor(loopback, 'Door on the same machine');
    await loopback.close();

    const { start, warnings, replacedRows } = lanStarts(dir);
    const lan = await start();
    try {
      expect(lan.ctx.scan.certFingerprint).toMatch(fingerprintFormat);
      // That door pinned nothing: nothing was replaced, and no one is told to pair again.
      expect(warnings()).toEqual([]);
      expect(await replacedRows(lan)).toEqual([]);
    } finally {
      await lan.close();
    }
  });

  it('a tls/ folder copied in from another data dir is a replacement too: the devices pinned the one this store served', async () => {
    const dir = fresh();
    const other = fresh();
    const { start, warnings, replacedRows } = lanStarts(dir);
    const first = await start();
    await first.close();
    ensureTlsMaterial(other, '10.99.0.8');
    rmSync(tlsPaths(dir).dir, { recursive: true });
    cpSync(tlsPaths(other).dir, tlsPaths(dir).dir, { recursive: true });
    const second = await start();
    try {
      // No device is paired, so it is said at info level; the audit row says why either way.
      expect(warnings()).toEqual([]);
      const rows = await replacedRows(second);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.data).toMatchObject({
        reason: expect.stringMatching(/not the certificate this store last served/),
        paired_devices: 0,
      });
    } finally {
      await second.close();
    }
  });
});
