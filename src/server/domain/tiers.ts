import { conflict, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { Deleted } from '../schemas/common.js';
import { responseJson } from '../schemas/response-json.js';
import {
  Tier,
  type EventTicketInput,
  type TierCreateInput,
  type TierPatchInput,
  type TierView,
} from '../schemas/tiers.js';
import type { EventRow, EventsRepo } from '../store/events-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { TierChanges, TierRow, TiersRepo } from '../store/tiers-repo.js';
import { parseIsoOrNull } from '../time.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import { changedFields, tierAudit } from './audit-entry.js';
import type { Outbox } from './outbox.js';
import { checkTierRules } from './tier-rules.js';
import { viewTier } from './views.js';

const tierJson = responseJson(Tier);
const deletedJson = responseJson(Deleted);

export interface TiersDeps {
  actions: ActionRunner;
  events: EventsRepo;
  tiers: TiersRepo;
  outbox: Outbox;
  now: () => number;
}

/** A new tier row with the contract's defaults, checked against the cross-field rules. */
export function newTierRow(
  event: Pick<EventRow, 'id' | 'currency'>,
  input: (TierCreateInput | EventTicketInput) & { quantity: number },
  at: number,
  paramPrefix = '',
): Omit<TierRow, 'seq'> {
  const row: Omit<TierRow, 'seq'> = {
    id: newId('tier'),
    event_id: event.id,
    name: input.name,
    price_cents: input.price_cents,
    currency: input.currency ?? event.currency,
    quantity: input.quantity,
    sold: 0,
    comps: 0,
    voided: 0,
    sale_starts_at: parseIsoOrNull(input.sale_starts_at),
    sale_ends_at: parseIsoOrNull(input.sale_ends_at),
    max_per_order: input.max_per_order ?? 10,
    visibility: input.visibility ?? 'public',
    access_code: input.access_code ?? null,
    paper_pass: input.paper_pass === false ? 0 : 1,
    created_at: at,
    updated_at: at,
  };
  checkTierRules(row, event.currency, paramPrefix);
  return row;
}

export class TiersService {
  constructor(private readonly deps: TiersDeps) {}

  require(id: string): TierRow {
    const row = this.deps.tiers.find(id);
    if (!row) throw notFound('tier', id);
    return row;
  }

  get(id: string): TierView {
    return viewTier(this.require(id));
  }

  private requireEvent(eventId: string): EventRow {
    const event = this.deps.events.find(eventId);
    if (!event) throw notFound('event', eventId, 'event_id');
    return event;
  }

  list(eventId: string, limit: number, cursor: string | undefined): Page<TierView> {
    this.requireEvent(eventId);
    const list = new ListCursor('tiers', { eventId });
    return toPage(this.deps.tiers.page(eventId, list.decode(cursor), limit + 1), limit, viewTier, list);
  }

  create(action: ActionContext, eventId: string, input: TierCreateInput): Promise<Answer<TierView>> {
    return this.deps.actions.run(action, tierJson, (tx) => {
      const event = this.requireEvent(eventId);
      if (event.status === 'cancelled') {
        throw conflict('event_cancelled', 'Tiers cannot be added to a cancelled event.');
      }
      const row = newTierRow(event, input, this.deps.now());
      this.deps.tiers.insert(row);
      const tier = viewTier(this.require(row.id));
      this.deps.outbox.emit('tier.created', tier);
      tx.audit(tierAudit('tier.created', row));
      return tier;
    });
  }

  /**
   * Every field but id, event_id and sold may change (CONTRACT.md). Switching visibility away
   * from access_code drops the code, so a patch of just `visibility` does what staff mean.
   */
  update(action: ActionContext, id: string, input: TierPatchInput): Promise<Answer<TierView>> {
    return this.deps.actions.run(action, tierJson, (tx) => {
      const current = this.require(id);
      const event = this.requireEvent(current.event_id);
      const changes: TierChanges = {
        name: input.name,
        price_cents: input.price_cents,
        currency: input.currency,
        quantity: input.quantity,
        sale_starts_at: input.sale_starts_at === undefined ? undefined : parseIsoOrNull(input.sale_starts_at),
        sale_ends_at: input.sale_ends_at === undefined ? undefined : parseIsoOrNull(input.sale_ends_at),
        max_per_order: input.max_per_order,
        visibility: input.visibility,
        access_code: input.access_code,
        paper_pass: input.paper_pass === undefined ? undefined : input.paper_pass ? 1 : 0,
      };
      if (changes.visibility && changes.visibility !== 'access_code' && input.access_code === undefined) {
        changes.access_code = null;
      }
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      checkTierRules({ ...current, ...defined }, event.currency);
      this.deps.tiers.update(id, changes, this.deps.now());
      const tier = viewTier(this.require(id));
      this.deps.outbox.emit('tier.updated', tier);
      tx.audit(tierAudit('tier.updated', current, { changed: changedFields(input) }));
      return tier;
    });
  }

  /** Only an unsold tier may go (409 `tier_has_sales`); its tickets would otherwise lose their tier. */
  delete(action: ActionContext, id: string): Promise<Answer<{ id: string; deleted: true }>> {
    return this.deps.actions.run(action, deletedJson, (tx) => {
      const current = this.require(id);
      if (!this.deps.tiers.delete(id)) {
        throw conflict(
          'tier_has_sales',
          `This tier has ${current.sold} ticket(s) sold and cannot be deleted; set quantity to ${current.sold} to stop sales.`,
        );
      }
      this.deps.outbox.emit('tier.deleted', {
        ...viewTier(current),
        deleted: true,
      });
      tx.audit(tierAudit('tier.deleted', current));
      return { id, deleted: true };
    });
  }
}
