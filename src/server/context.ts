import type { ServerOptions } from './config.js';
import { ActionRunner } from './domain/action-runner.js';
import { ApiKeys } from './domain/api-keys.js';
import { AuditTrail } from './domain/audit-trail.js';
import { ReportsService } from './domain/reports.js';
import { PeriodSalesService } from './domain/period-sales.js';
import { ExportsService } from './domain/exports.js';
import { EventsService } from './domain/events.js';
import { OutdatedPasses } from './domain/outdated-passes.js';
import { OutdatedVenue } from './domain/outdated-venue.js';
import { TicketReprints } from './domain/ticket-reprints.js';
import { PassDeliveriesRepo } from './store/pass-deliveries-repo.js';
import { VenueMovesRepo } from './store/venue-moves-repo.js';
import { AttendantPin } from './domain/attendant-pin.js';
import {
  accessCodeGuessLimit,
  attendantPinGuessLimit,
  EscalatingLockout,
  GuessLimiter,
  staffPinLockout,
} from './domain/guess-limiter.js';
import { OfferService } from './domain/offer.js';
import { Outbox } from './domain/outbox.js';
import { PublicUrls } from './domain/public-urls.js';
import { SettingsService } from './domain/settings.js';
import { VenueClock } from './domain/venue-clock.js';
import { AutomaticBackups } from './domain/automatic-backups.js';
import { BackupsService, defaultBackupFolder } from './domain/backups.js';
import { ShiftsService } from './domain/shifts.js';
import { StaffService } from './domain/staff.js';
import { createScanContext, type ScanContext } from './domain/scan-context.js';
import { createSales, type Sales, type SalesRepos } from './domain/sales-context.js';
import { TiersService } from './domain/tiers.js';
import { UsageMeter } from './domain/usage.js';
import { Lifecycle } from './lifecycle.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { MailQueue } from './mail/mail-queue.js';
import { mailServerOf } from './mail/smtp-url.js';
import { TicketMailComposer } from './mail/ticket-mail-composer.js';
import { AuditRepo } from './store/audit-repo.js';
import { ReportsRepo } from './store/reports-repo.js';
import { PeriodSalesRepo } from './store/period-sales-repo.js';
import { ExportsRepo } from './store/exports-repo.js';
import type { Db } from './store/db.js';
import { EventsRepo } from './store/events-repo.js';
import { SettingsRepo } from './store/settings-repo.js';
import { ShiftReportRepo } from './store/shift-report-repo.js';
import { StaffRepo } from './store/staff-repo.js';
import { StaffSessionsRepo } from './store/staff-sessions-repo.js';
import { IdempotencyRepo } from './store/idempotency-repo.js';
import { PinGuessesRepo } from './store/pin-guesses-repo.js';
import type { StorageHealth } from './store/storage-health.js';
import { TiersRepo } from './store/tiers-repo.js';
import { shouldAdvertise } from './mdns.js';
import { OutboundSending } from './outbound-sending.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { CredentialFacts } from './tokens/credential-facts.js';
import { CryptoThreads } from './tokens/crypto-threads.js';
import { TicketIssuer } from './tokens/ticket-issuer.js';
import { TicketTokens } from './tokens/ticket-tokens.js';
import { createWebhooks, type Webhooks } from './webhooks/setup.js';

/** Everything a route may use, built once per app; routes never open the store themselves. */
export interface AppContext {
  options: ServerOptions;
  db: Db;
  /** Whether the disk holding the store is full; GET /v2/health reports it. */
  storage: StorageHealth;
  /** Workers and flushes register their stop here; the store closes after all of them. */
  lifecycle: Lifecycle;
  now: () => number;
  /** Every business write goes through it: one transaction with its answer, audit rows and Idempotency-Key. */
  actions: ActionRunner;
  /** Reading the audit trail the runner writes (GET /v2/audit_events). */
  audit: AuditTrail;
  /** The event report (GET /v2/reports/events/{id}). */
  reports: ReportsService;
  periodSales: PeriodSalesService;
  /** CSV downloads of orders, attendees and scans (`?format=csv` on their lists). */
  exports: ExportsService;
  urls: PublicUrls;
  outbox: Outbox;
  /** Webhook endpoints, deliveries, the fan-out cache and the dispatcher's view of receivers. */
  webhooks: Webhooks;
  mail: MailOutbox;
  /** Whether webhooks and mail may be sent yet: held while a twin of this store runs (twin-check.ts). */
  outbound: OutboundSending;
  /** The outbox as staff see it: GET /v2/mail and retry. */
  mailQueue: MailQueue;
  /** Composes order and transfer mail (PDF tickets) when the mail sender sends it. */
  ticketMail: TicketMailComposer;
  keys: ApiKeys;
  signingKeys: SigningKeys;
  cryptoThreads: CryptoThreads;
  signAheadThreads: CryptoThreads;
  /** Signs and verifies rotating codes; issuing goes through `issuer`. */
  tokens: TicketTokens;
  /** The one place a ticket's credentials come from: rotating code, wallet strip, paper pass. */
  issuer: TicketIssuer;
  usage: UsageMeter;
  /** Wrong access codes per API key, on the offer and at checkout (docs/api.md "The kiosk scope"). */
  codeGuesses: GuessLimiter;
  /** What a customer may buy, access codes checked here (GET /v2/events/{id}/offer). */
  offer: OfferService;
  /** The PIN that approves a kiosk's card payment (POST /v2/kiosk/attendant_check). */
  attendantPin: AttendantPin;
  /** Venue settings (name, kiosk PIN): one service, so every reader sees a change at once. */
  settings: SettingsService;
  /** Backups of the data folder taken from the box office (POST /v2/backups). */
  backups: BackupsService;
  /** A backup saved on its own after every shift close (Settings `auto_backup`). */
  automaticBackups: AutomaticBackups;
  /** Staff members, PIN sign-in and sessions at tills (docs/api.md "Staff"). */
  staff: StaffService;
  /** Shifts and cash-up: X and Z reports (docs/api.md "Shifts"). */
  shifts: ShiftsService;
  repos: { events: EventsRepo; tiers: TiersRepo; idempotency: IdempotencyRepo } & SalesRepos;
  events: EventsService;
  /** Whose paper passes expire before the doors, after a move (GET /v2/events/{id}/outdated_passes). */
  outdatedPasses: OutdatedPasses;
  /** Whose buyers were not mailed since the venue changed (GET /v2/events/{id}/outdated_venue). */
  outdatedVenue: OutdatedVenue;
  /** A ticket's slip printed again at the box office, recorded (POST /v2/tickets/{id}/reprint). */
  ticketReprints: TicketReprints;
  tiers: TiersService;
  salesViews: Sales['salesViews'];
  checkout: Sales['checkout'];
  orders: Sales['orders'];
  tickets: Sales['tickets'];
  attendees: Sales['attendees'];
  payouts: Sales['payouts'];
  /** Door scanning: devices, validation, sync, door packs, the scan feed (issue 4). */
  scan: ScanContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(
  options: ServerOptions,
  db: Db,
  initialBaseUrl: string,
  /** SHA-256 of the LAN certificate (colon hex); null when serving plain HTTP. */
  certFingerprint: string | null,
  storage: StorageHealth,
): AppContext {
  const now = options.now;
  const urls = new PublicUrls(options.baseUrl ?? initialBaseUrl);
  const repos = {
    events: new EventsRepo(db),
    tiers: new TiersRepo(db),
    idempotency: new IdempotencyRepo(db),
  };
  const auditRepo = new AuditRepo(db);
  const actions = new ActionRunner(db, repos.idempotency, now, auditRepo);
  const webhooks = createWebhooks(db, now, actions, options);
  const outbox = new Outbox(db, now, webhooks.fanOut);
  const signingKeys = new SigningKeys(db, options.dataDir, now);
  const shared = { db, now, actions, outbox, ...repos };
  // One mail outbox and one credential issuer for everyone: a transfer's issuer.forget must reach
  // the cache the wallet page reads.
  const mail = new MailOutbox(db, now);
  const passes = new PassDeliveriesRepo(db);
  const venueMoves = new VenueMovesRepo(db);
  const lifecycle = new Lifecycle();
  const cryptoThreads = new CryptoThreads();
  lifecycle.onStop('crypto threads', () => cryptoThreads.close());
  // One background thread signs tokens ahead for checkouts (tokens/token-pool.ts). It runs only
  // where no other work wants a core, so it never slows a verify at the door or the event loop.
  const signAheadThreads = new CryptoThreads(Math.min(1, cryptoThreads.count), undefined, true);
  lifecycle.onStop('sign-ahead thread', () => signAheadThreads.close());
  const tokens = new TicketTokens(signingKeys, now, cryptoThreads, signAheadThreads);
  const codeGuesses = new GuessLimiter(accessCodeGuessLimit, now);
  const facts = new CredentialFacts(db, repos.events, repos.tiers);
  const issuer = new TicketIssuer({ tokens, keys: signingKeys, facts, threads: cryptoThreads, now });
  const { repos: salesRepos, ...sales } = createSales({
    ...shared,
    mail,
    urls,
    issuer,
    codeGuesses,
  });
  const keys = new ApiKeys(db, now);
  const attendantPin = new AttendantPin(new SettingsRepo(db), new GuessLimiter(attendantPinGuessLimit, now));
  lifecycle.onStop('storage probe', () => storage.stop());
  const venueClock = new VenueClock(db);
  const settings = new SettingsService(
    db,
    {
      venueName: options.venueName,
      mailServer: mailServerOf(options.smtpUrl),
      dataDir: options.dataDir,
      backupFolder: options.backupFolder ?? defaultBackupFolder(options.dataDir),
    },
    venueClock,
    attendantPin,
    actions,
  );
  const venueTimeZone = () => settings.venueTimeZone();
  const backups = new BackupsService(
    options.dataDir,
    () => settings.view().backup_folder,
    signingKeys.firstKid,
    now,
    options.storeBinding,
  );
  const automaticBackups = new AutomaticBackups(backups, settings, now, options.dataDir);
  // A stop waits for a backup after the last close: the store stays open until it is copied.
  lifecycle.onStop('automatic backup', () => automaticBackups.settled());
  return {
    options,
    db,
    storage,
    lifecycle,
    now,
    actions,
    audit: new AuditTrail(auditRepo),
    reports: new ReportsService({ reports: new ReportsRepo(db), ...repos, now, venueTimeZone }),
    periodSales: new PeriodSalesService({
      periodSales: new PeriodSalesRepo(db),
      events: repos.events,
      now,
      venueTimeZone,
    }),
    exports: new ExportsService({
      exports: new ExportsRepo(db),
      events: repos.events,
      shifts: salesRepos.shifts,
      venueTimeZone,
    }),
    urls,
    outbox,
    webhooks,
    mail,
    outbound: new OutboundSending(shouldAdvertise(options)),
    mailQueue: new MailQueue(db, now, actions, { outbox: mail, serverSetUp: Boolean(options.smtpUrl) }),
    ticketMail: new TicketMailComposer({
      ...repos,
      orders: salesRepos.orders,
      tickets: salesRepos.tickets,
      attendees: salesRepos.attendees,
      urls,
      // A page per ticket carries its paper pass, or the wallet link where it has none.
      paperPass: (ticket, event, tier) => issuer.pass(ticket, event, tier),
      now,
    }),
    keys,
    signingKeys,
    cryptoThreads,
    signAheadThreads,
    tokens,
    issuer,
    usage: new UsageMeter(db, now),
    codeGuesses,
    offer: new OfferService({
      ...repos,
      urls,
      codeGuesses,
      attendantPinSet: () => attendantPin.isSet(),
      now,
    }),
    attendantPin,
    staff: new StaffService({
      actions,
      staff: new StaffRepo(db),
      sessions: new StaffSessionsRepo(db),
      settings: new SettingsRepo(db),
      // In the store, so a restart does not lift a till's lockout (guess-limiter.ts says why).
      guesses: new EscalatingLockout(staffPinLockout, new PinGuessesRepo(db), now),
      now,
    }),
    shifts: new ShiftsService({
      actions,
      shifts: salesRepos.shifts,
      reports: new ShiftReportRepo(db),
      events: repos.events,
      now,
      venueTimeZone,
    }),
    settings,
    backups,
    automaticBackups,
    repos: { ...repos, ...salesRepos },
    events: new EventsService({ ...shared, mail, urls, venueClock, passes, venueMoves }),
    outdatedPasses: new OutdatedPasses({ events: repos.events, passes }),
    outdatedVenue: new OutdatedVenue({ events: repos.events, venueMoves }),
    ticketReprints: new TicketReprints({
      actions,
      tickets: salesRepos.tickets,
      events: repos.events,
      passes,
      views: sales.salesViews,
      now,
    }),
    tiers: new TiersService(shared),
    ...sales,
    scan: createScanContext({
      db,
      now,
      actions,
      lifecycle,
      outbox,
      urls,
      keys,
      events: repos.events,
      tiers: repos.tiers,
      tokens,
      facts,
      signingKeys,
      storage,
      certFingerprint,
    }),
  };
}
