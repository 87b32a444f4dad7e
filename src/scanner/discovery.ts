/**
 * Finds venue servers on the LAN over mDNS (`_marquee._tcp`, CONTRACT.md "Running it"). Node
 * only: browsers cannot speak multicast DNS.
 */
import { Bonjour, type Service } from 'bonjour-service';
import { isIPv4 } from 'node:net';
import { normalizeFingerprint } from './fingerprint.js';

export interface DiscoveredServer {
  /** The mDNS instance name. */
  name: string;
  venue: string | null;
  host: string;
  addresses: string[];
  port: number;
  /** `https://<address>:<port>` when a fingerprint is advertised; null when the server cannot be paired with safely. */
  baseUrl: string | null;
  /** Lower-case hex SHA-256 of the server certificate, from TXT `fp`. */
  fingerprint: string | null;
  /** TXT `v`: the API generation; this SDK speaks 2. */
  version: string | null;
  apiPath: string | null;
}

export interface DiscoverOptions {
  timeoutMs?: number;
  /** Resolve as soon as one compatible server answers instead of waiting out the timeout. */
  first?: boolean;
}

const txtValue = (txt: unknown, key: string): string | null => {
  const value = (txt as Record<string, unknown> | undefined)?.[key];
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  return null;
};

export function describeService(service: Service): DiscoveredServer {
  const addresses = [...(service.addresses ?? [])];
  // A routable IPv4 address is what a door can reach; IPv6 link-local needs a zone id.
  const address = addresses.find((a) => isIPv4(a)) ?? service.referer?.address ?? service.host;
  const fingerprint = normalizeFingerprint(txtValue(service.txt, 'fp'));
  return {
    name: service.name,
    venue: txtValue(service.txt, 'venue'),
    host: service.host,
    addresses,
    port: service.port,
    baseUrl: fingerprint ? `https://${address}:${service.port}` : null,
    fingerprint,
    version: txtValue(service.txt, 'v'),
    apiPath: txtValue(service.txt, 'api'),
  };
}

/** Browses for `timeoutMs` (default 3 s) and returns every Marquee server that answered. */
export function discoverServers(options: DiscoverOptions = {}): Promise<DiscoveredServer[]> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const found = new Map<string, DiscoveredServer>();
  return new Promise((resolve, reject) => {
    // A socket error (no multicast route, say) ends the search with that error, not a crash.
    const bonjour = new Bonjour({}, (err: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      bonjour.destroy();
      reject(err instanceof Error ? err : new Error(String(err)));
    });
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      browser.stop();
      bonjour.destroy();
      resolve([...found.values()]);
    };
    const remember = (service: Service): void => {
      const server = describeService(service);
      found.set(`${server.name}@${server.host}:${server.port}`, server);
      if (options.first && server.version === '2' && server.baseUrl) finish();
    };
    const browser = bonjour.find({ type: 'marquee', protocol: 'tcp' }, remember);
    browser.on('txt-update', remember);
    const timer = setTimeout(finish, timeoutMs);
  });
}
