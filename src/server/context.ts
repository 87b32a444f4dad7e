import type { ServerOptions } from './config.js';
import { ApiKeys } from './domain/api-keys.js';
import { EventsService } from './domain/events.js';
import { Outbox } from './domain/outbox.js';
import { PublicUrls } from './domain/public-urls.js';
import { TiersService } from './domain/tiers.js';
import { UsageMeter } from './domain/usage.js';
import type { Db } from './store/db.js';
import { EventsRepo } from './store/events-repo.js';
import { TiersRepo } from './store/tiers-repo.js';

/** Everything a route may use, built once per app; routes never open the store themselves. */
export interface AppContext {
  options: ServerOptions;
  db: Db;
  now: () => number;
  urls: PublicUrls;
  outbox: Outbox;
  keys: ApiKeys;
  usage: UsageMeter;
  repos: { events: EventsRepo; tiers: TiersRepo };
  events: EventsService;
  tiers: TiersService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(options: ServerOptions, db: Db, initialBaseUrl: string): AppContext {
  const now = options.now;
  const urls = new PublicUrls(options.baseUrl ?? initialBaseUrl);
  const outbox = new Outbox(db, now);
  const repos = { events: new EventsRepo(db), tiers: new TiersRepo(db) };
  const shared = { db, now, outbox, ...repos };
  return {
    options,
    db,
    now,
    urls,
    outbox,
    keys: new ApiKeys(db, now),
    usage: new UsageMeter(db, now),
    repos,
    events: new EventsService({ ...shared, urls }),
    tiers: new TiersService(shared),
  };
}
