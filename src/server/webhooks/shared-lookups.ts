import { lookup as systemLookup, type LookupAddress } from 'node:dns';

/** Every address for a name, as `dns.lookup(name, { all: true, family, hints })` answers. */
export type ResolveAll = (hostname: string, family: number, hints?: number) => Promise<LookupAddress[]>;

export const resolveWithSystem: ResolveAll = (hostname, family, hints) =>
  new Promise((resolve, reject) =>
    systemLookup(
      hostname,
      { all: true, family, ...(hints === undefined ? {} : { hints }) },
      (err, addresses) => (err ? reject(err) : resolve(addresses)),
    ),
  );

export interface SharedLookupOptions {
  /** How long an answer is reused (getaddrinfo tells no TTL). Failures are never reused. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * One lookup per host at a time for webhook deliveries, its answer reused for `ttlMs` (30 s).
 *
 * Why: getaddrinfo runs on libuv's pool, which takes lookups two at a time (half its four
 * threads) in arrival order. Without sharing, every connection a delivery opens asks on its own.
 * At a venue whose uplink is down each lookup hangs until the resolver gives up (5 s by default),
 * and a server restarting with a backlog opens 16 connections per endpoint at once: with six
 * cloud endpoints that queued 96 hanging lookups, and a receiver on the venue's own LAN (its name
 * in /etc/hosts) got nothing for over 40 s. Shared, the outage costs one lookup per host: the LAN
 * receiver's first delivery came after 6 s, three rounds of two (test/http/offline-dns-netns.test.ts,
 * resolver timeout 2 s).
 */
export function shareLookups(
  resolve: ResolveAll = resolveWithSystem,
  options: SharedLookupOptions = {},
): ResolveAll {
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { addresses: LookupAddress[]; until: number }>();
  const inFlight = new Map<string, Promise<LookupAddress[]>>();

  return (hostname, family, hints) => {
    const key = `${family}/${hints ?? ''}/${hostname.toLowerCase()}`;
    const cached = answers.get(key);
    if (cached && cached.until > now()) return Promise.resolve(cached.addresses);
    const shared = inFlight.get(key);
    if (shared) return shared;
    const lookup = resolve(hostname, family, hints).then(
      (addresses) => {
        inFlight.delete(key);
        // Bounded like any cache here: a venue has a handful of receivers.
        if (answers.size >= 1_000) answers.clear();
        answers.set(key, { addresses, until: now() + ttlMs });
        return addresses;
      },
      (err: unknown) => {
        inFlight.delete(key);
        throw err;
      },
    );
    inFlight.set(key, lookup);
    return lookup;
  };
}
