import { serverTimeZone } from '../../shared/attendee-time.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import {
  Event,
  type EventCancelInput,
  type EventCreateInput,
  type EventPatchInput,
  type EventView,
} from '../schemas/events.js';
import { responseJson } from '../schemas/response-json.js';
import type { EventChanges, EventRow, EventsRepo } from '../store/events-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { PassDeliveriesRepo } from '../store/pass-deliveries-repo.js';
import type { VenueMovesRepo } from '../store/venue-moves-repo.js';
import type { TiersRepo } from '../store/tiers-repo.js';
import { parseIso } from '../time.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import { changedFields, eventAudit, tierAudit } from './audit-entry.js';
import type { MailDrop } from './mail-port.js';
import { eventCancelledMail } from './mail-subjects.js';
import type { Outbox } from './outbox.js';
import type { PublicUrls } from './public-urls.js';
import { checkedTimeZone } from './time-zones.js';
import type { VenueClock } from './venue-clock.js';
import { newTierRow } from './tiers.js';
import { viewEvent, viewTier } from './views.js';

const eventJson = responseJson(Event);

/** The cancelled event, and how many holders this request mailed (null: it cancelled nothing). */
export interface CancelAnswer extends Answer<EventView> {
  holdersNotified: number | null;
}

export interface EventsDeps {
  actions: ActionRunner;
  events: EventsRepo;
  tiers: TiersRepo;
  outbox: Outbox;
  mail: MailDrop;
  urls: PublicUrls;
  /** Fixed by the first event given a zone, so a later one in another zone cannot move it. */
  venueClock: VenueClock;
  /** Where each doors move is recorded, so out-of-date paper passes can be told (outdated-passes.ts). */
  passes: PassDeliveriesRepo;
  /** Where each venue change is recorded, so buyers not yet told can be listed (outdated-venue.ts). */
  venueMoves: VenueMovesRepo;
  now: () => number;
}

/** Events: creation with their first tiers, edits, and the draft → published → cancelled moves. */
export class EventsService {
  constructor(private readonly deps: EventsDeps) {}

  require(id: string): EventRow {
    const row = this.deps.events.find(id);
    if (!row) throw notFound('event', id);
    return row;
  }

  /**
   * `publishedOnly` is how a kiosk sees events (CONTRACT.md "Scopes (amended)": it lists
   * published events): a draft or cancelled one is unknown to it, 404 like any missing id.
   */
  get(id: string, publishedOnly = false): EventView {
    const row = this.require(id);
    if (publishedOnly && row.status !== 'published') throw notFound('event', id);
    return viewEvent(row, this.deps.urls);
  }

  list(limit: number, cursor: string | undefined, publishedOnly = false): Page<EventView> {
    const list = new ListCursor('events', { publishedOnly });
    const rows = this.deps.events.page(list.decode(cursor), limit + 1, publishedOnly);
    return toPage(rows, limit, (row) => viewEvent(row, this.deps.urls), list);
  }

  /** The event and every `tickets[]` tier land in one transaction, or none of them do. */
  create(action: ActionContext, input: EventCreateInput): Promise<Answer<EventView>> {
    const { events, tiers, outbox, now } = this.deps;
    return this.deps.actions.run(action, eventJson, (tx) => {
      const at = now();
      const row: Omit<EventRow, 'seq'> = {
        id: newId('event'),
        title: input.title,
        venue: input.venue,
        doors_at: parseIso(input.doors_at),
        on_sale_at: input.on_sale_at === undefined ? at : parseIso(input.on_sale_at),
        status: 'draft',
        currency: input.currency ?? 'usd',
        // The contract's default, even when Settings names a venue clock: an integration that
        // leaves the zone out gets what the contract promises. The box office's New event form
        // sends the venue's clock itself.
        timezone:
          input.timezone === undefined ? serverTimeZone() : checkedTimeZone(input.timezone, 'timezone'),
        capacity: input.capacity ?? null,
        created_at: at,
        updated_at: at,
      };
      events.insert(row);
      const event = viewEvent({ ...row, seq: 0 }, this.deps.urls);
      outbox.emit('event.created', event);
      tx.audit(eventAudit('event.created', row, { title: row.title, currency: row.currency }));
      // After the event's own entry: the trail reads "created the event", then "set the clock".
      if (row.timezone !== null) this.deps.venueClock.pinIfUnset(tx, { ...row, timezone: row.timezone });
      (input.tickets ?? []).forEach((item, index) => {
        const tier = newTierRow(row, { quantity: 100, ...item }, at, `tickets[${index}].`);
        tiers.insert(tier);
        outbox.emit('tier.created', viewTier({ ...tier, seq: 0 }));
        tx.audit(tierAudit('tier.created', tier));
      });
      return event;
    });
  }

  update(action: ActionContext, id: string, input: EventPatchInput): Promise<Answer<EventView>> {
    const { events, tiers, outbox, now } = this.deps;
    return this.deps.actions.run(action, eventJson, (tx) => {
      const current = this.require(id);
      if (current.status === 'cancelled') {
        throw conflict('event_cancelled', 'A cancelled event can no longer be changed.');
      }
      const changes: EventChanges = {
        title: input.title,
        venue: input.venue,
        doors_at: input.doors_at === undefined ? undefined : parseIso(input.doors_at),
        on_sale_at: input.on_sale_at === undefined ? undefined : parseIso(input.on_sale_at),
        currency: input.currency,
        timezone: input.timezone === undefined ? undefined : checkedTimeZone(input.timezone, 'timezone'),
        capacity: input.capacity,
      };
      if (changes.currency !== undefined && changes.currency !== current.currency) {
        if (tiers.soldForEvent(id) > 0) {
          throw invalidField('currency', 'The currency cannot change once tickets have been sold.');
        }
        // Tiers carry the event's currency; they follow it so the two never disagree.
        // Each tier changes too, so webhook consumers holding tiers hear of it like any tier edit.
        for (const tier of tiers.forEvent(id)) {
          tiers.update(tier.id, { currency: changes.currency }, now());
          outbox.emit('tier.updated', viewTier(tiers.find(tier.id) ?? tier));
          tx.audit(tierAudit('tier.updated', tier, { changed: ['currency'] }));
        }
      }
      events.update(id, changes, now());
      if (changes.doors_at !== undefined && changes.doors_at !== current.doors_at) {
        this.deps.passes.recordMove(id, current.doors_at, changes.doors_at, now());
      }
      if (changes.venue !== undefined && changes.venue !== current.venue) {
        this.deps.venueMoves.record(id, current.venue, changes.venue, now());
      }
      const event = viewEvent(this.require(id), this.deps.urls);
      outbox.emit('event.updated', event);
      tx.audit(eventAudit('event.updated', current, { changed: changedFields(input) }));
      if (changes.timezone) {
        const title = changes.title ?? current.title;
        this.deps.venueClock.pinIfUnset(tx, { id, title, timezone: changes.timezone });
      }
      return event;
    });
  }

  /** Publishing a published event is a harmless no-op; a cancelled one cannot come back. */
  publish(action: ActionContext, id: string): Promise<Answer<EventView>> {
    return this.deps.actions.run(action, eventJson, (tx) => {
      const current = this.require(id);
      if (current.status === 'cancelled') {
        throw conflict('event_cancelled', 'A cancelled event cannot be published again.');
      }
      if (current.status === 'published') {
        tx.unchanged();
        return viewEvent(current, this.deps.urls);
      }
      this.deps.events.update(id, { status: 'published' }, this.deps.now());
      const event = viewEvent(this.require(id), this.deps.urls);
      this.deps.outbox.emit('event.published', event);
      tx.audit(eventAudit('event.published', current));
      return event;
    });
  }

  /**
   * Cancelling stops all sales and scanning. Refunds stay a separate, deliberate step (see
   * docs/api.md): a venue may reschedule rather than refund. The first cancel mails every ticket
   * holder once, in the same transaction; a repeat cancel changes nothing and sends nothing.
   */
  async cancel(action: ActionContext, id: string, input: EventCancelInput = {}): Promise<CancelAnswer> {
    // Known only when this request cancelled: a repeat, or an idempotent replay, mails no one now.
    let holdersNotified: number | null = null;
    const answer = await this.deps.actions.run(action, eventJson, (tx) => {
      const current = this.require(id);
      if (current.status === 'cancelled') {
        tx.unchanged();
        return viewEvent(current, this.deps.urls);
      }
      this.deps.events.update(id, { status: 'cancelled' }, this.deps.now());
      const event = viewEvent(this.require(id), this.deps.urls);
      this.deps.outbox.emit('event.updated', event);
      holdersNotified = input.notify_holders === false ? 0 : this.mailHolders(current, input.message);
      tx.audit(eventAudit('event.cancelled', current, { holders_notified: holdersNotified }));
      return event;
    });
    return { ...answer, holdersNotified };
  }

  /** One mail per address holding active tickets; answers how many were queued. */
  private mailHolders(event: EventRow, message: string | undefined): number {
    const words = message?.trim() || undefined;
    const holders = this.deps.events.ticketHolders(event.id);
    for (const holder of holders) {
      this.deps.mail.enqueueComposed(eventCancelledMail(event, holder.email, holder.tickets, words));
    }
    return holders.length;
  }
}
