import { ApiError, invalidField, notFound } from '../errors.js';
import { responseJson } from '../schemas/response-json.js';
import type { DoorPackView } from '../schemas/door-pack.js';
import {
  ValidateAnswer,
  type ScanView,
  type ScansQueryInput,
  type ValidateAnswerView,
  type ValidateInput,
} from '../schemas/scans.js';
import type { DoorFeedRepo } from '../store/door-feed-repo.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { TiersRepo } from '../store/tiers-repo.js';
import type { CredentialFacts } from '../tokens/credential-facts.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { ScansRepo } from '../store/scans-repo.js';
import { parseIso, toIso } from '../time.js';
import type { SigningKeys } from '../tokens/signing-keys.js';
import type { TicketTokens } from '../tokens/ticket-tokens.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { ApiKeyRecord } from './api-keys.js';
import type { DevicesService } from './devices.js';
import type { PublicUrls } from './public-urls.js';
import type { ScanAttempts } from './scan-attempts.js';
import type { TierNames } from './tier-names.js';
import { viewDoorAttendee, viewDoorTicket } from './scan-views.js';
import type { DoubleAdmissions } from './double-admissions.js';
import { occupancyView, orderAdmissions, refuseOtherEventsDoor, requireDoorOf } from './door-rules.js';
import type { ScanTicketsRepo } from '../store/scan-tickets-repo.js';
import { viewEvent } from './views.js';
import { scanIsItsOwnRecord } from './audit-entry.js';
import { syncKey, unclaimedSyncKey } from './sync-key.js';

/** An online scan may be reported late (a queued retry), but not a day late or from the future. */
export const onlineScanMaxAgeMs = 24 * 60 * 60 * 1000;
/**
 * How far ahead a reported scan time may be. Past a fresh code's whole acceptance window (300 s
 * life + 30 s leeway), so a caller can ask how a code is judged at `exp + 31 s` and hear
 * `expired`; a door clock wrong by more is still refused.
 */
export const scanMaxAheadMs = 10 * 60 * 1000;

const validateJson = responseJson(ValidateAnswer);

export interface ScanningDeps {
  attempts: ScanAttempts;
  /**
   * Writes each validation in its own savepoint of a group-committed transaction (the `door`
   * lane): still one atomic action per scan, decided in arrival order, but one commit per burst
   * instead of per scan.
   */
  actions: ActionRunner;
  /** After the commit: wakes the scan feed. */
  afterCommit: () => void;
  scans: ScansRepo;
  feedRepo: DoorFeedRepo;
  /** Names both doors of a conflict in the scan list. */
  doubles: DoubleAdmissions;
  events: EventsRepo;
  tiers: TiersRepo;
  facts: CredentialFacts;
  devices: DevicesService;
  tokens: TicketTokens;
  signingKeys: SigningKeys;
  urls: PublicUrls;
  /** The order's admissions, read inside the scan's transaction. */
  tickets: ScanTicketsRepo;
  /** The door's answer names the ticket's tier. */
  tierNames: TierNames;
  now: () => number;
}

/** Bounds a reported scan time; `param` names the field at fault. */
export function scanTime(value: string | undefined, now: number, maxAgeMs: number, param: string): number {
  if (value === undefined) return now;
  const at = parseIso(value);
  if (at > now + scanMaxAheadMs)
    throw invalidField(
      param,
      `${param} is more than ${scanMaxAheadMs / 60_000} minutes in the future; check the device's clock.`,
    );
  if (at < now - maxAgeMs)
    throw invalidField(
      param,
      `${param} is too far in the past (at most ${Math.round(maxAgeMs / 3_600_000)} hours).`,
    );
  return at;
}

/** Online validation at the door, the scan log, and the offline door pack. */
export class ScanningService {
  constructor(private readonly deps: ScanningDeps) {}

  requireEvent(id: string, param: string): void {
    if (!this.deps.events.find(id)) throw notFound('event', id, param);
  }

  async validate(
    action: ActionContext,
    input: ValidateInput,
    caller: ApiKeyRecord | null,
  ): Promise<Answer<ValidateAnswerView>> {
    const { attempts, devices, tokens, tierNames, now } = this.deps;
    const scannedAt = scanTime(input.scanned_at, now(), onlineScanMaxAgeMs, 'scanned_at');
    const device = devices.resolve(caller, input.device_id);
    if (input.event_id !== undefined) {
      this.requireEvent(input.event_id, 'event_id');
      // A door paired to one night judges that night's tickets: it may not name another.
      refuseOtherEventsDoor(caller, device, input.event_id);
    }
    // Verified on a crypto thread (tokens/crypto-threads.ts), outside the write transaction: the event loop's CPU per
    // scan fell from ~156 to ~100 µs (bench/scanning.ts, measured per thread). A scan joins the
    // next batch once verified, without holding that batch for scans still being verified
    // (GroupCommit.runAfter): a verify takes longer than a checkout's signing, and holding left
    // the loop idle: 0.52-0.53 × raw verify holding, 0.55-0.56 × not, alternating runs.
    const check = await tokens.verifyAsync(input.token, scannedAt);
    // Read here, outside the transaction, so the tier's paper rule is in memory for the decision
    // (only for a genuine pass: a forged one names whatever tier it likes).
    if (check.ok && check.credential === 'paper') this.deps.facts.allowsPaper(check.claims.tier);
    // The tier's name too: nothing read inside a transaction is kept (TierNames), and the door's
    // answer is made inside it, with the scan it reports.
    const claimedTier = check.ok ? check.claims.tier : undefined;
    const claimedTierName = claimedTier === undefined ? null : tierNames.name(claimedTier);
    // A door names the moment it would queue the scan under if the answer never reached it.
    const key =
      device && input.scanned_at !== undefined ? syncKey(device.id, input.token, scannedAt) : undefined;
    const answer = await this.deps.actions.run(
      action,
      validateJson,
      () => {
        const { ticket, scan } = attempts.record({
          ...unclaimedSyncKey(key, this.deps.scans),
          check,
          doorEventId: input.event_id ?? device?.event_id ?? null,
          deviceId: device?.id ?? null,
          direction: input.direction ?? 'in',
          scannedAt,
          source: 'online',
          note: input.reason ?? null,
          apiKeyId: action.actor.apiKeyId,
          staffId: action.actor.staffId,
          enforceCapacity: true,
        });
        const tierName = !ticket
          ? null
          : ticket.tier_id === claimedTier
            ? claimedTierName
            : tierNames.name(ticket.tier_id);
        return {
          result: scan.result,
          reason: scan.reason,
          credential: scan.credential,
          ticket: ticket ? viewDoorTicket(ticket, tierName) : null,
          attendee: ticket ? viewDoorAttendee(ticket) : null,
          scan,
          order: ticket ? orderAdmissions(this.deps.tickets, ticket) : null,
          occupancy: ticket ? occupancyView(ticket.event_inside, ticket.event_capacity) : null,
        };
      },
      { lane: 'door', unaudited: scanIsItsOwnRecord },
    );
    this.deps.afterCommit();
    return answer;
  }

  /**
   * An unknown event_id is 404, as on the feed, the door pack and every other list scoped to an
   * event; device_id, ticket_id and result only narrow the list (a scan may name a ticket or
   * device the store no longer knows).
   */
  list(query: ScansQueryInput, caller: ApiKeyRecord | null = null): Page<ScanView> {
    const { filters, list } = this.listOf(query, caller);
    const limit = query.limit ?? 20;
    const rows = this.deps.scans.page(filters, list.decode(query.cursor), limit + 1);
    return toPage(rows, limit, (row) => this.deps.doubles.view(row), list);
  }

  /**
   * The CSV export is every row, so it ignores `cursor` as it ignores `limit`; but, as `limit`, a
   * bad one is refused the way the JSON list refuses it, not silently passed over.
   */
  checkCursor(query: ScansQueryInput, caller: ApiKeyRecord | null): void {
    this.listOf(query, caller).list.decode(query.cursor);
  }

  /**
   * Which event's feed a caller's scan feed (and its stream token) carries, as the scan list: a
   * door paired to an event gets that event's, is refused another's, and never the whole venue's.
   */
  feedEventFor(caller: ApiKeyRecord | null, eventId: string | null): string | null {
    if (eventId !== null) {
      this.requireEvent(eventId, 'event_id');
      requireDoorOf(this.deps.devices, caller, undefined, eventId);
      return eventId;
    }
    const door = this.deps.devices.resolve(caller, undefined);
    return caller?.scope === 'scanner' ? (door?.event_id ?? null) : null;
  }

  private listOf(query: ScansQueryInput, caller: ApiKeyRecord | null) {
    if (query.event_id !== undefined) this.requireEvent(query.event_id, 'event_id');
    // A door paired to an event lists that event's scans: asked for another, it is refused; asked
    // for none, it gets its own event's (never the whole venue's).
    const door =
      query.event_id === undefined
        ? this.deps.devices.resolve(caller, undefined)
        : requireDoorOf(this.deps.devices, caller, undefined, query.event_id);
    const pinned = caller?.scope === 'scanner' ? door?.event_id : null;
    const filters = {
      event_id: query.event_id ?? pinned ?? undefined,
      device_id: query.device_id,
      ticket_id: query.ticket_id,
      result: query.result,
      scannedSince: query.since === undefined ? undefined : parseIso(query.since),
    };
    return { filters, list: new ListCursor('scans', filters) };
  }

  /**
   * What a door needs to validate offline: keys, the tiers' paper rule, revocations, who is
   * inside, and a cursor; and the guests' names for offline lookup unless `withHolders` is false.
   */
  doorPack(
    eventIdParam: string | undefined,
    since: string | undefined,
    caller: ApiKeyRecord | null,
    withHolders = true,
  ): DoorPackView {
    const { events, tiers, feedRepo, signingKeys, urls, now } = this.deps;
    const eventId = eventIdParam ?? this.deps.devices.resolve(caller, undefined)?.event_id;
    if (eventId === undefined || eventId === null)
      throw new ApiError(
        400,
        'missing_field',
        'event_id is required unless the calling device was paired to an event.',
        'event_id',
      );
    const event = events.find(eventId);
    if (!event) throw notFound('event', eventId, 'event_id');
    requireDoorOf(this.deps.devices, caller, undefined, eventId);
    const eventTiers = tiers.forEvent(eventId);
    const tierIndex = new Map(eventTiers.map((tier, index) => [tier.id, index]));
    const { state, cursor, full } = feedRepo.doorState(
      eventId,
      since === undefined ? null : Number(since),
      withHolders ? tierIndex : null,
    );
    return {
      event: viewEvent(event, urls),
      jwks: signingKeys.jwks(),
      tiers: eventTiers.map((tier) => ({
        id: tier.id,
        name: tier.name,
        paper_pass: tier.paper_pass === 1,
      })),
      holders: state.holders,
      inside: state.inside,
      revoked: state.revoked.map(({ ticket_id, status, transferredAt }) =>
        transferredAt === undefined
          ? { ticket_id, status }
          : { ticket_id, status, transferred_at: toIso(transferredAt) },
      ),
      scanned: state.scanned,
      exited: state.exited,
      full,
      generated_at: toIso(now()),
      cursor: String(cursor),
    };
  }
}
