import type { ServerOptions } from "./config.js";
import { ApiKeys } from "./domain/api-keys.js";
import { EventsService } from "./domain/events.js";
import { Outbox } from "./domain/outbox.js";
import { PublicUrls } from "./domain/public-urls.js";
import { TiersService } from "./domain/tiers.js";
import { UsageMeter } from "./domain/usage.js";
import { Lifecycle } from "./lifecycle.js";
import { MailOutbox } from "./mail/mail-outbox.js";
import type { Db } from "./store/db.js";
import { EventsRepo } from "./store/events-repo.js";
import { TiersRepo } from "./store/tiers-repo.js";
import { SigningKeys } from "./tokens/signing-keys.js";
import { TicketTokens } from "./tokens/ticket-tokens.js";

/** Everything a route may use, built once per app; routes never open the store themselves. */
export interface AppContext {
  options: ServerOptions;
  db: Db;
  /** Workers and flushes register their stop here; the store closes after all of them. */
  lifecycle: Lifecycle;
  now: () => number;
  urls: PublicUrls;
  outbox: Outbox;
  mail: MailOutbox;
  keys: ApiKeys;
  signingKeys: SigningKeys;
  tokens: TicketTokens;
  usage: UsageMeter;
  repos: { events: EventsRepo; tiers: TiersRepo };
  events: EventsService;
  tiers: TiersService;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(
  options: ServerOptions,
  db: Db,
  initialBaseUrl: string,
): AppContext {
  const now = options.now;
  const urls = new PublicUrls(options.baseUrl ?? initialBaseUrl);
  const outbox = new Outbox(db, now);
  const repos = { events: new EventsRepo(db), tiers: new TiersRepo(db) };
  const signingKeys = new SigningKeys(db, options.dataDir, now);
  const shared = { db, now, outbox, ...repos };
  return {
    options,
    db,
    lifecycle: new Lifecycle(),
    now,
    urls,
    outbox,
    mail: new MailOutbox(db, now),
    keys: new ApiKeys(db, now),
    signingKeys,
    tokens: new TicketTokens(signingKeys, now),
    usage: new UsageMeter(db, now),
    repos,
    events: new EventsService({ ...shared, urls }),
    tiers: new TiersService(shared),
  };
}
