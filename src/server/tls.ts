import { X509Certificate, createPrivateKey } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { privateDirMode, privateFileMode } from '../shared/private-files.js';

export interface TlsMaterial {
  key: string;
  cert: string;
  /**
   * SHA-256 of the certificate's DER bytes as uppercase colon-separated hex (Node's
   * `fingerprint256`, e.g. `AB:01:…`, 95 characters). Devices pin it; mDNS and the pairing QR carry it.
   */
  fingerprint256: string;
  /** True when this start made the certificate. */
  created: boolean;
  /** Why the certificate on disk could not be used and was replaced (null: kept, or first start). */
  replaced: string | null;
  /** Where the certificate and its key are kept. */
  dir: string;
}

/** Why a certificate was made for a store that existed: lost, or never made (lan-certificate.ts tells). */
export const missingBesideStore = 'missing, though the data dir holds a store';

const validityDays = 3650;
/** Regenerate when less than this is left, rather than serve a certificate about to lapse. */
const renewBeforeMs = 30 * 24 * 60 * 60 * 1000;

export function tlsPaths(dataDir: string): { dir: string; cert: string; key: string } {
  const dir = join(dataDir, 'tls');
  return { dir, cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
}

/** Names a device may reach the server by; pinning makes them a courtesy, not the security. */
export function subjectAltNames(host: string): { dns: string[]; ips: string[] } {
  const dns = new Set(['marquee.local', 'localhost', `${hostname().split('.')[0]}.local`]);
  const ips = new Set(['127.0.0.1', '::1']);
  if (host === '0.0.0.0' || host === '::') {
    for (const list of Object.values(networkInterfaces())) {
      for (const address of list ?? []) if (!address.internal) ips.add(address.address.split('%')[0]!);
    }
  } else if (isIP(host)) {
    ips.add(host);
  } else if (host) {
    dns.add(host);
  }
  return { dns: [...dns], ips: [...ips] };
}

function makeCertificate(host: string): { key: string; cert: string } {
  const { dns, ips } = subjectAltNames(host);
  const pems = generate(
    [
      { name: 'commonName', value: 'marquee.local' },
      { name: 'organizationName', value: 'Marquee venue server' },
    ],
    {
      keySize: 2048,
      days: validityDays,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [...dns.map((value) => ({ type: 2, value })), ...ips.map((ip) => ({ type: 7, ip }))],
        },
      ],
    },
  );
  return { key: pems.private, cert: pems.cert };
}

type Usable = { key: string; cert: string } | { unusable: string | null };

/** The pair on disk, or why it cannot be served (null: there is none yet). */
function readUsable(paths: { cert: string; key: string }, now: number): Usable {
  if (!existsSync(paths.cert) && !existsSync(paths.key)) return { unusable: null };
  try {
    const cert = readFileSync(paths.cert, 'utf8');
    const key = readFileSync(paths.key, 'utf8');
    const x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key)))
      return { unusable: 'the key does not belong to the certificate' };
    if (Date.parse(x509.validTo) - now < renewBeforeMs) return { unusable: 'it expires within 30 days' };
    return { key, cert };
  } catch (err) {
    return { unusable: `damaged or missing: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Writes via a temporary file so a crash never leaves half a PEM behind. */
function writeAtomically(file: string, text: string, mode: number): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, text, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

/**
 * The LAN certificate (CONTRACT.md "bind address"): self-signed, RSA 2048, made on first start and
 * kept in `<dataDir>/tls/` (0600), reused on every later start so paired devices' pins hold.
 * Replaced only when missing, unreadable, not matching its key, or within 30 days of expiry.
 * `storeExisted`: the data dir's store predates this start, so a certificate missing altogether
 * (tls/ deleted, or left behind when the data dir was copied) is a replacement, not a first start.
 */
export function ensureTlsMaterial(
  dataDir: string,
  host: string,
  { now = Date.now(), storeExisted = false }: { now?: number; storeExisted?: boolean } = {},
): TlsMaterial {
  const paths = tlsPaths(dataDir);
  mkdirSync(paths.dir, { recursive: true, mode: privateDirMode });
  const found = readUsable(paths, now);
  if ('cert' in found) {
    return {
      ...found,
      fingerprint256: new X509Certificate(found.cert).fingerprint256,
      created: false,
      replaced: null,
      dir: paths.dir,
    };
  }
  const material = makeCertificate(host);
  // Key first: a certificate on disk always has its key beside it. Both 0600: the data dir is
  // this user's alone (the certificate is public anyway, through every TLS handshake).
  writeAtomically(paths.key, material.key, privateFileMode);
  writeAtomically(paths.cert, material.cert, privateFileMode);
  return {
    ...material,
    fingerprint256: new X509Certificate(material.cert).fingerprint256,
    created: true,
    replaced: found.unusable ?? (storeExisted ? missingBesideStore : null),
    dir: paths.dir,
  };
}
