/**
 * Runs INSIDE a throwaway network namespace made by test/http/mdns.test.ts (never on the real
 * network): starts the server on the namespace's own 10.99.0.1 with HTTPS and mDNS, browses for
 * it the way a door would, checks the TXT record and the certificate pin over real HTTPS, and
 * prints one JSON line of findings for the test to assert on.
 */
import { Bonjour, type Service } from 'bonjour-service';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { startServer } from '../../src/server/start.js';
import { testOptions } from './test-app.js';

const [dataDir, loopbackDir] = process.argv.slice(2) as [string, string];

function httpsGet(url: string): Promise<{ status: number; fingerprint256: string; body: string }> {
  return new Promise((resolve, reject) => {
    // The certificate is self-signed: trust comes from the pinned fingerprint, checked below.
    const req = request(url, { rejectUnauthorized: false }, (res) => {
      const fingerprint256 = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, fingerprint256, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const findings: Record<string, unknown> = {};
  const lan = await startServer(
    testOptions(dataDir, {
      host: '10.99.0.1',
      port: 0,
      tls: 'auto',
      mdns: true,
      venueName: 'Netns Hall',
      baseUrl: undefined,
    }),
    undefined,
  );
  // A loopback bind must never advertise, even with mDNS on.
  const loopback = await startServer(
    testOptions(loopbackDir, { host: '127.0.0.1', port: 0, mdns: true, venueName: 'Loopback Hall' }),
    undefined,
  );
  findings.url = lan.url;
  findings.fingerprint = lan.app.ctx.scan.certFingerprint;

  const browser = new Bonjour({}, (err: unknown) => {
    findings.browseError = String(err);
  });
  const seen: Service[] = [];
  const downs: string[] = [];
  const found = browser.find({ type: 'marquee' });
  found.on('up', (service: Service) => seen.push(service));
  found.on('down', (service: Service) => downs.push(service.name));

  const deadline = Date.now() + 8000;
  while (!seen.some((s) => s.name === 'Netns Hall') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  // Give a wrongly advertising loopback server time to show up too.
  await new Promise((r) => setTimeout(r, 1500));
  const service = seen.find((s) => s.name === 'Netns Hall');
  findings.services = seen.map((s) => s.name);
  findings.txt = service?.txt;
  findings.port = service?.port;
  findings.addresses = service?.addresses;
  findings.listenPort = Number(new URL(lan.url).port);

  if (service) {
    const health = await httpsGet(`https://10.99.0.1:${service.port}/v2/health`);
    findings.health = health.status;
    findings.peerFingerprint = health.fingerprint256;
  }
  const pairing = await fetchPairing(lan.url);
  findings.pairingQr = pairing;

  // Staff rename the venue in Settings: doors must find it under the new name, not the old one.
  findings.renameStatus = await renameVenue(lan.url, 'Renamed Hall');
  const renameDeadline = Date.now() + 8000;
  while (!seen.some((s) => s.name === 'Renamed Hall') && Date.now() < renameDeadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  findings.renamedTxt = seen.find((s) => s.name === 'Renamed Hall')?.txt;
  findings.oldNameWithdrawn = downs.includes('Netns Hall');

  await loopback.close();
  const closedAt = Date.now();
  await lan.close();
  const downDeadline = Date.now() + 3000;
  while (!downs.includes('Renamed Hall') && Date.now() < downDeadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  findings.withdrawn = downs.includes('Renamed Hall');
  findings.withdrawnMs = Date.now() - closedAt;
  browser.destroy();
  console.log(`FINDINGS ${JSON.stringify(findings)}`);
}

/** PATCH /v2/settings over HTTPS with the admin key, as the Settings screen does; answers the status. */
async function renameVenue(base: string, venueName: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/v2/settings`,
      {
        method: 'PATCH',
        rejectUnauthorized: false,
        headers: { authorization: `Bearer ${testOptions('').adminKey}`, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ venue_name: venueName }));
  });
}

/** The pairing QR over HTTPS with the admin key, as the box office UI would ask for it. */
async function fetchPairing(base: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/v2/devices/pairing`,
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: { authorization: `Bearer ${testOptions('').adminKey}`, 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve((JSON.parse(body) as { qr: string }).qr));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
