import type { Lifecycle } from '../lifecycle.js';
import type { Db } from '../store/db.js';
import { DevicesRepo } from '../store/devices-repo.js';
import { DoorFeedRepo } from '../store/door-feed-repo.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { TiersRepo } from '../store/tiers-repo.js';
import type { CredentialFacts } from '../tokens/credential-facts.js';
import { ScanTicketsRepo } from '../store/scan-tickets-repo.js';
import { ScansRepo } from '../store/scans-repo.js';
import type { SigningKeys } from '../tokens/signing-keys.js';
import type { TicketTokens } from '../tokens/ticket-tokens.js';
import type { ActionRunner } from './action-runner.js';
import type { ApiKeys } from './api-keys.js';
import { DevicePresence } from './device-presence.js';
import { DevicesService } from './devices.js';
import type { Outbox } from './outbox.js';
import type { PublicUrls } from './public-urls.js';
import { ScanAttempts } from './scan-attempts.js';
import { ScanFeed } from './scan-feed.js';
import { ScanSyncService } from './scan-sync.js';
import { CheckInService } from './check-ins.js';
import { DoorLookupService } from './door-lookup.js';
import { DoorLookupRepo } from '../store/door-lookup-repo.js';
import { AttendeeNames } from './attendee-names.js';
import { ScanningService } from './scanning.js';
import { StreamTokens } from './stream-tokens.js';
import { TierNames } from './tier-names.js';
import { DoubleAdmissions } from './double-admissions.js';
import type { StorageHealth } from '../store/storage-health.js';

export interface ScanContextDeps {
  db: Db;
  now: () => number;
  actions: ActionRunner;
  lifecycle: Lifecycle;
  outbox: Outbox;
  urls: PublicUrls;
  keys: ApiKeys;
  events: EventsRepo;
  tiers: TiersRepo;
  tokens: TicketTokens;
  /** Whether a tier still takes paper passes (paper_not_allowed). */
  facts: CredentialFacts;
  signingKeys: SigningKeys;
  /** Where the last-seen flush reports a full disk. */
  storage: StorageHealth;
  /** SHA-256 fingerprint of the TLS certificate (colon hex), null over plain HTTP. */
  certFingerprint: string | null;
}

/** Everything door scanning needs (issue 4), built once per app as `app.ctx.scan`. */
export interface ScanContext {
  certFingerprint: string | null;
  devices: DevicesService;
  presence: DevicePresence;
  scanning: ScanningService;
  sync: ScanSyncService;
  /** Manual and whole-order check-ins (CONTRACT.md "At the door"). */
  checkIns: CheckInService;
  /** Lookup by name or order, and inside / capacity. */
  lookup: DoorLookupService;
  feed: ScanFeed;
  streamTokens: StreamTokens;
}

export function createScanContext(deps: ScanContextDeps): ScanContext {
  const { db, now, lifecycle, urls, actions } = deps;
  const devicesRepo = new DevicesRepo(db);
  const feedRepo = new DoorFeedRepo(db);
  const scans = new ScansRepo(db);
  const tickets = new ScanTicketsRepo(db);
  const doubles = new DoubleAdmissions(scans, devicesRepo);
  const feed = new ScanFeed(feedRepo, lifecycle, { now, describeScan: (scan) => doubles.view(scan) });
  const presence = new DevicePresence(devicesRepo, now, lifecycle, deps.storage);
  const devices = new DevicesService({
    actions,
    repo: devicesRepo,
    events: deps.events,
    keys: deps.keys,
    presence,
    urls,
    certFingerprint: () => deps.certFingerprint,
    onKeyRevoked: (apiKeyId) => feed.closeForKey(apiKeyId),
    now,
  });
  const attempts = new ScanAttempts({ scans, tickets, facts: deps.facts, outbox: deps.outbox, urls, now });
  const tierNames = new TierNames(db);
  const scanning = new ScanningService({
    attempts,
    actions,
    afterCommit: () => feed.notify(),
    tickets,
    scans,
    feedRepo,
    events: deps.events,
    tiers: deps.tiers,
    facts: deps.facts,
    devices,
    tokens: deps.tokens,
    signingKeys: deps.signingKeys,
    urls,
    tierNames,
    doubles,
    now,
  });
  const checkIns = new CheckInService({
    actions,
    attempts,
    scans,
    tickets,
    devices,
    tierNames,
    afterCommit: () => feed.notify(),
    now,
  });
  const lookupRepo = new DoorLookupRepo(db);
  const lookup = new DoorLookupService({
    repo: lookupRepo,
    names: new AttendeeNames(db, lookupRepo),
    tickets,
    events: deps.events,
    devices,
    tierNames,
  });
  const sync = new ScanSyncService({
    actions,
    attempts,
    scans,
    scanning,
    devices,
    tokens: deps.tokens,
    feed,
    doubles,
    now,
  });
  return {
    certFingerprint: deps.certFingerprint,
    devices,
    presence,
    scanning,
    sync,
    checkIns,
    lookup,
    feed,
    streamTokens: new StreamTokens(now),
  };
}
