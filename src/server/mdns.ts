import { Bonjour } from 'bonjour-service';
import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { isIPv4 } from 'node:net';
import { isLoopback, type ServerOptions } from './config.js';

export const mdnsServiceType = 'marquee';

export interface MdnsAdvert {
  /** Sends the goodbye (TTL 0) records, then closes the mDNS socket. */
  stop(): Promise<void>;
  /** Withdraws the service and announces it again under the venue's new name. */
  rename(venueName: string): void;
}

/** CONTRACT.md "mDNS": on unless MARQUEE_MDNS=0, and never on a loopback bind. */
export function shouldAdvertise(options: Pick<ServerOptions, 'mdns' | 'host'>): boolean {
  return options.mdns && !isLoopback(options.host);
}

/**
 * The TXT record of `_marquee._tcp`; `fp` is empty over plain HTTP. `store` names this venue's
 * data (storeMark): a server started from a backup of it advertises the same, a fresh install not.
 */
export function mdnsTxt(
  venueName: string,
  fingerprint: string | null,
  store: string,
): Record<string, string> {
  return { v: '2', api: '/v2', fp: fingerprint ?? '', venue: venueName, store };
}

/**
 * What `store` carries: a hash of the store's first signing key id, which a backup copies and a
 * fresh install does not share. Hashed so the record says "same data" without naming a key.
 */
export function storeMark(firstKid: string): string {
  return createHash('sha256').update(`marquee-store:${firstKid}`).digest('base64url').slice(0, 16);
}

/**
 * The options of the mDNS socket for a server bound to `host`. A bind to one address multicasts
 * on that interface only; a wildcard bind on all of them. The socket itself must still bind the
 * wildcard: on Linux a socket bound to a unicast address never receives multicast traffic.
 */
export function mdnsSocketOptions(host: string): { interface: string; bind: string } | Record<string, never> {
  return isIPv4(host) && host !== '0.0.0.0' ? { interface: host, bind: '0.0.0.0' } : {};
}

/** The service's records with its address records cut to the one address the server is bound to. */
export function onlyAddress<R extends { type: string; data?: unknown }>(records: R[], address: string): R[] {
  return records.filter(
    (record) => (record.type !== 'A' && record.type !== 'AAAA') || record.data === address,
  );
}

/**
 * Advertises the server as `_marquee._tcp` so door devices find it without typing an address.
 * Failures (no multicast route, port 5353 taken) are logged, never fatal: pairing by QR works
 * without mDNS.
 */
export function advertise(
  options: Pick<ServerOptions, 'mdns' | 'host' | 'venueName'>,
  port: number,
  fingerprint: string | null,
  store: string,
  onError: (err: unknown) => void,
): MdnsAdvert | null {
  if (!shouldAdvertise(options)) return null;
  // Doors that start looking after the startup announcements need the wildcard-bound socket.
  const socketOptions = mdnsSocketOptions(options.host);
  const bonjour = new Bonjour(socketOptions as ConstructorParameters<typeof Bonjour>[0], onError);
  // multicast-dns re-emits socket errors as 'error', which would crash the process unheard.
  (bonjour as unknown as { server: { mdns: EventEmitter } }).server.mdns.on('error', onError);
  const boundAddress = 'interface' in socketOptions ? socketOptions.interface : null;
  const publish = (venueName: string): void => {
    const service = bonjour.publish({
      name: venueName,
      type: mdnsServiceType,
      protocol: 'tcp',
      port,
      txt: mdnsTxt(venueName, fingerprint, store),
    });
    // The service's records name every address of the machine; a door takes the first IPv4, which
    // on a machine with two networks may be one the server does not listen on. Records are read
    // when announced and answered (after probing), so replacing them here is in time.
    if (boundAddress) {
      const every = service.records.bind(service);
      service.records = () => onlyAddress(every(), boundAddress);
    }
  };
  publish(options.venueName);
  let stopped = false;
  return {
    rename: (venueName) => {
      if (stopped) return;
      // Goodbye for the old name first, so doors drop it instead of listing both.
      bonjour.unpublishAll(() => {
        if (!stopped) publish(venueName);
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        stopped = true;
        let finished = false;
        const finish = (): void => {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          bonjour.destroy(() => resolve());
        };
        // Goodbye packets go out before the socket closes; bounded in case the send never returns.
        const timer = setTimeout(finish, 1_000);
        bonjour.unpublishAll(finish);
      }),
  };
}
