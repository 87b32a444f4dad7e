import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveredServer } from '../../src/scanner/discovery.js';
import { runCli } from '../../src/scanner/cli-run.js';
import { isScannerError } from '../../src/scanner/errors.js';
import { pairDoor } from '../../src/scanner/node-door.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';
import { pairingUri } from '../../src/server/domain/devices.js';
import { typedPairingCode } from '../../src/shared/pairing-check.js';
import { Venue } from './support/venue.js';
import { makeCert, type TestCert } from './support/tls-cert.js';

/**
 * A door steward types the pairing code (no camera) on a LAN where another device answers mDNS
 * for `_marquee._tcp`. The genuine venue server is real (SQLite, HTTP on 127.0.0.1) behind a real
 * TLS front on 127.0.0.1 with its own certificate, since Marquee serves plain HTTP on loopback;
 * the impostor is a real HTTPS server on 127.0.0.1 with another certificate that would gladly
 * take a pairing token. mDNS itself is not used: each test hands the CLI what the LAN advertised.
 */
let venue: Venue;
let genuineCert: TestCert;
let rogueCert: TestCert;
let front: TlsServer;
let rogue: HttpsServer;
const sockets = new Set<Socket>();
/** Every request the impostor received, with its body: a pairing token must never be among them. */
const rogueHeard: { method: string; url: string; body: string }[] = [];
let rogueConnections = 0;

const portOf = (server: { address(): AddressInfo | string | null }): number =>
  (server.address() as AddressInfo).port;

const advertised = (name: string, port: number, fingerprint: string): DiscoveredServer => ({
  name,
  venue: 'Main hall',
  host: `${name}.local`,
  addresses: ['127.0.0.1'],
  port,
  baseUrl: `https://127.0.0.1:${port}`,
  fingerprint,
  version: '2',
  apiPath: '/v2',
});
const genuine = (): DiscoveredServer => advertised('marquee', portOf(front), genuineCert.fingerprint);
const impostor = (fingerprint = rogueCert.fingerprint): DiscoveredServer =>
  advertised('marquee-2', portOf(rogue), fingerprint);

async function newToken(): Promise<string> {
  const pairing = await venue.ok<{ pairing_token: string }>('POST', '/v2/devices/pairing', {
    event_id: null,
  });
  return pairing.pairing_token;
}

const freshStateFile = (): string => join(mkdtempSync(join(tmpdir(), 'marquee-typed-')), 'door.db');

/** `npm run scanner -- pair …` on a fresh door, with mDNS answering `lan`. */
async function pairOnLan(argv: string[], lan: DiscoveredServer[]) {
  const out: string[] = [];
  const err: string[] = [];
  const state = freshStateFile();
  const code = await runCli(['pair', ...argv, '--name', 'Side door', '--json'], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { MARQUEE_SCANNER_STATE: state },
    discover: async () => lan,
  });
  return { code, out, err: err.join('\n') };
}

const rogueSawToken = (token: string): boolean => rogueHeard.some((r) => r.body.includes(token));

beforeAll(async () => {
  venue = await Venue.start();
  genuineCert = makeCert('marquee.local');
  rogueCert = makeCert('marquee.local');
  const venuePort = Number(new URL(venue.url).port);
  front = createTlsServer({ key: genuineCert.key, cert: genuineCert.cert }, (tlsSocket) => {
    const upstream = connect(venuePort, '127.0.0.1');
    tlsSocket.pipe(upstream).pipe(tlsSocket);
    upstream.on('error', () => tlsSocket.destroy());
    tlsSocket.on('error', () => upstream.destroy());
  });
  rogue = createHttpsServer({ key: rogueCert.key, cert: rogueCert.cert }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      rogueHeard.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      res.statusCode = 500;
      res.end('{}');
    });
  });
  rogue.on('secureConnection', () => rogueConnections++);
  for (const server of [front, rogue]) {
    server.on('connection', (s: Socket) => sockets.add(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all([front, rogue].map((s) => new Promise((r) => s.close(r))));
  await venue.close();
});

describe('a pairing code typed at the door, with an impostor on the LAN', () => {
  it('refuses the impostor in words a steward understands, and never sends it the token', async () => {
    const token = await newToken();
    const typed = typedPairingCode(token, genuineCert.fingerprint256);
    const before = rogueConnections;

    const refused = await pairOnLan([typed], [impostor()]);
    expect(rogueHeard.filter((r) => r.body.includes(token))).toEqual([]);
    expect(rogueConnections).toBe(before);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not the box office that made this code, so the code was not sent');
    expect(refused.err).toContain('scan the QR instead');

    // The code was not spent: typed again with the box office answering too, it pairs there.
    const paired = await pairOnLan([typed], [impostor(), genuine()]);
    expect(paired.err).not.toContain('scanner:');
    expect(paired.code).toBe(0);
    expect(JSON.parse(paired.out.at(-1)!)).toMatchObject({
      base_url: genuine().baseUrl,
      fingerprint: genuineCert.fingerprint,
    });
    expect(rogueSawToken(token)).toBe(false);
    expect(rogueConnections).toBe(before);
  });

  it('refuses a bare token taken from mDNS: nothing in it tells the box office from an impostor', async () => {
    const token = await newToken();
    const refused = await pairOnLan([token], [impostor()]);
    expect(rogueHeard.filter((r) => r.body.includes(token))).toEqual([]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('six check letters after the dot');
  });

  it("an impostor advertising the box office's fingerprint fails the certificate pin before any request", async () => {
    const token = await newToken();
    const before = rogueHeard.length;
    const refused = await pairOnLan(
      [typedPairingCode(token, genuineCert.fingerprint)],
      [impostor(genuineCert.fingerprint)],
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is not the paired one .* refusing to talk to it/);
    expect(rogueHeard.length).toBe(before);
  });

  it('a mistyped check letter is refused the same way; case, dashes and O for 0 do not matter', async () => {
    const token = await newToken();
    const typed = typedPairingCode(token, genuineCert.fingerprint);
    const check = typed.slice(-6);
    const wrong = `${token}.${check.slice(0, 5)}${check.endsWith('A') ? 'B' : 'A'}`;
    const refused = await pairOnLan([wrong], [genuine()]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('not the box office that made this code');

    const sloppy = `${token}.${check.slice(0, 3).toLowerCase()}-${check.slice(3).replace(/0/g, 'O')}`;
    const paired = await pairOnLan([sloppy], [genuine()]);
    expect(paired.err).not.toContain('scanner:');
    expect(paired.code).toBe(0);
  });

  it('the QR text (with fp=) still pairs without asking mDNS', async () => {
    const token = await newToken();
    const qr = pairingUri(genuine().baseUrl!, genuineCert.fingerprint256, token);
    const paired = await pairOnLan([qr], [impostor()]);
    expect(paired.err).not.toContain('scanner:');
    expect(paired.code).toBe(0);
    expect(paired.err).not.toContain('mDNS');
    expect(rogueSawToken(token)).toBe(false);
  });

  it('the door SDK itself (pairDoor, not only the CLI) refuses a certificate the letters do not fit', async () => {
    const token = await newToken();
    const code = parsePairingCode(typedPairingCode(token, genuineCert.fingerprint));
    const before = rogueConnections;
    const { baseUrl: url, fingerprint } = impostor();
    const err = await pairDoor(freshStateFile(), { ...code, url, fingerprint }, 'Side door').catch(
      (e: unknown) => e,
    );
    expect(isScannerError(err, 'wrong_server')).toBe(true);
    expect(rogueSawToken(token)).toBe(false);
    expect(rogueConnections).toBe(before);
  });

  it('a fingerprint the steward passes is kept: mDNS supplies only the address of that certificate', async () => {
    const token = await newToken();
    const fingerprint = ['--fingerprint', genuineCert.fingerprint256];
    const alone = await pairOnLan([token, ...fingerprint], [impostor()]);
    expect(rogueHeard.filter((r) => r.body.includes(token))).toEqual([]);
    expect(alone.code).toBe(1);
    expect(alone.err).toContain('no Marquee server with certificate');

    const paired = await pairOnLan([token, ...fingerprint], [impostor(), genuine()]);
    expect(paired.err).not.toContain('scanner:');
    expect(JSON.parse(paired.out.at(-1)!)).toMatchObject({ fingerprint: genuineCert.fingerprint });
    expect(rogueSawToken(token)).toBe(false);
  });
});
