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

export interface LookupGateOptions {
  /** Lookups running at once, at most. */
  maxConcurrent?: number;
  /** How long an answer is reused (getaddrinfo tells no TTL). Failures are never reused. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Bounds what webhook deliveries ask of the system resolver. `dns.lookup` is getaddrinfo on
 * libuv's four-thread pool, and at a venue whose uplink is down a lookup can hang there for
 * seconds (the resolver's timeout × attempts) — per delivery, and a dispatcher runs 16 at once.
 * Unbounded, they would hold every pool thread, and the files the box office UI is served from
 * (and the mail sender's lookups) would queue behind them. Here at most `maxConcurrent` (2)
 * lookups run at a time, deliveries to the same host share one lookup, and an answer is reused
 * for `ttlMs` (30 s), so a steady stream of deliveries does not ask again and again.
 */
export function gateLookups(
  resolve: ResolveAll = resolveWithSystem,
  options: LookupGateOptions = {},
): ResolveAll {
  const maxConcurrent = options.maxConcurrent ?? 2;
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { addresses: LookupAddress[]; until: number }>();
  const inFlight = new Map<string, Promise<LookupAddress[]>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  const slot = async (): Promise<void> => {
    if (running < maxConcurrent) {
      running++;
      return;
    }
    // The finishing lookup hands its slot straight over (running stays the same).
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return (hostname, family, hints) => {
    const key = `${family}/${hints ?? ''}/${hostname.toLowerCase()}`;
    const cached = answers.get(key);
    if (cached && cached.until > now()) return Promise.resolve(cached.addresses);
    const shared = inFlight.get(key);
    if (shared) return shared;
    const lookup = (async () => {
      await slot();
      try {
        const addresses = await resolve(hostname, family, hints);
        // Bounded like any cache here: a venue has a handful of receivers.
        if (answers.size >= 1_000) answers.clear();
        answers.set(key, { addresses, until: now() + ttlMs });
        return addresses;
      } finally {
        release();
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, lookup);
    return lookup;
  };
}
