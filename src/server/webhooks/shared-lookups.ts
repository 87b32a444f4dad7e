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
  /** How long an answer is used as it is (getaddrinfo tells no TTL). Failures are never kept. */
  ttlMs?: number;
  /**
   * How long after it was looked up an answer may still be used while a fresh lookup for its host
   * is under way or failing (10 min).
   */
  maxStaleMs?: number;
  now?: () => number;
}

interface Answer {
  addresses: LookupAddress[];
  /** Until then the answer is used as it is; after, it is refreshed in the background. */
  freshUntil: number;
  /** After this the answer is dropped and a delivery waits for a new lookup. */
  usableUntil: number;
}

/**
 * One lookup per host at a time for webhook deliveries, its answer reused for `ttlMs` (30 s) and,
 * once that has passed, still used for up to `maxStaleMs` (10 min) while it is being refreshed.
 *
 * Why: getaddrinfo runs on libuv's pool, which takes lookups two at a time (half its four
 * threads) in arrival order. Without sharing, every connection a delivery opens asks on its own.
 * At a venue whose uplink is down each lookup hangs until the resolver gives up (5 s by default),
 * and a server restarting with a backlog opens 16 connections per endpoint at once: with six
 * cloud endpoints that queued 96 hanging lookups, and a receiver on the venue's own LAN (its name
 * in /etc/hosts) got nothing for over 40 s. Shared, the outage costs one lookup per host: the LAN
 * receiver's first delivery came after 6 s, three rounds of two (test/http/offline-dns-netns.test.ts,
 * resolver timeout 2 s).
 *
 * Refreshing in the background takes the rest of the wait away. A host looked up once waits for
 * no lookup again: when its answer's 30 s are up, deliveries go on with it while a new lookup
 * runs, and if the line went down since, that lookup hangs on its own and the deliveries fail
 * fast at connecting instead (the endpoint is then offline, as it should be). So the LAN receiver
 * never queues behind the cloud hosts' hanging lookups after its first, and the pool sees one
 * lookup per host and TTL instead of one per delivery attempt. (A larger pool would also help,
 * but UV_THREADPOOL_SIZE only counts when set before the process starts: the ESM loader has
 * started the pool by the time any of our code runs.)
 */
export function shareLookups(
  resolve: ResolveAll = resolveWithSystem,
  options: SharedLookupOptions = {},
): ResolveAll {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxStaleMs = options.maxStaleMs ?? 600_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, Answer>();
  const inFlight = new Map<string, Promise<LookupAddress[]>>();

  const lookUp = (key: string, hostname: string, family: number, hints?: number) => {
    const shared = inFlight.get(key);
    if (shared) return shared;
    const lookup = resolve(hostname, family, hints).then(
      (addresses) => {
        inFlight.delete(key);
        // Bounded like any cache here: a venue has a handful of receivers.
        if (answers.size >= 1_000) answers.clear();
        const at = now();
        answers.set(key, { addresses, freshUntil: at + ttlMs, usableUntil: at + maxStaleMs });
        return addresses;
      },
      (err: unknown) => {
        // A failed refresh leaves the answer it was refreshing in place, until it is too old.
        inFlight.delete(key);
        throw err;
      },
    );
    inFlight.set(key, lookup);
    return lookup;
  };

  return (hostname, family, hints) => {
    const key = `${family}/${hints ?? ''}/${hostname.toLowerCase()}`;
    const cached = answers.get(key);
    const at = now();
    if (cached && cached.freshUntil > at) return Promise.resolve(cached.addresses);
    if (cached && cached.usableUntil > at) {
      // Nobody waits for the refresh; its failure is the next refresh's business.
      lookUp(key, hostname, family, hints).catch(() => {});
      return Promise.resolve(cached.addresses);
    }
    if (cached) answers.delete(key);
    return lookUp(key, hostname, family, hints);
  };
}
