import { createHash, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '../../shared/money.js';
import { eventSaleState, saleWindowState } from '../../shared/sale-state.js';
import { ApiError, conflict, invalidField, missingField, notFound } from '../errors.js';
import type { CheckoutInput } from '../schemas/orders.js';
import type { EventRow } from '../store/events-repo.js';
import type { SalesChannel } from '../store/orders-repo.js';
import type { TierRow } from '../store/tiers-repo.js';

export interface Buyer {
  name: string | null;
  email: string | null;
}

/** One tier of an order with its units summed over duplicate lines. */
export interface TierLine {
  tier: TierRow;
  quantity: number;
  /** Index of the tier's first line in `items`, for the `param` of a stock refusal. */
  firstIndex: number;
}

/**
 * Card and external payments need someone to answer to; a cash walk-in may stay anonymous.
 * `comp_reason` belongs to comps only. The box office asks every comp for a name and a reason
 * (the till must be able to say who got in free and on whose word), but the API keeps taking a
 * comp without them: the contract's checkout has no such field, and integrations that comp
 * guest-list entries already exist.
 */
export function requireBuyer(input: CheckoutInput): Buyer {
  if (input.payment_method !== 'comp' && input.comp_reason !== undefined) {
    throw invalidField('comp_reason', `A reason for free tickets goes with payment_method 'comp' only.`);
  }
  if (input.payment_method === 'card' || input.payment_method === 'external') {
    if (!input.buyer) throw missingField('buyer');
    if (input.buyer.name === undefined) throw missingField('buyer.name');
    if (input.buyer.email === undefined) throw missingField('buyer.email');
  }
  return {
    name: input.buyer?.name ?? null,
    email: input.buyer?.email ?? null,
  };
}

/** What a kiosk may sell (CONTRACT.md "Scopes (amended)"): money it cannot see is not its to take. */
const kioskPaymentMethods: ReadonlySet<CheckoutInput['payment_method']> = new Set(['card', 'external']);

/**
 * A kiosk key checks out with `card` or `external` only. Cash and comp are refused as a scope
 * matter (403 `insufficient_scope`, `param` payment_method): the body is valid, the key may not do
 * it — the same answer as any other route outside the kiosk's scope.
 */
export function checkKioskPayment(input: CheckoutInput): void {
  if (kioskPaymentMethods.has(input.payment_method)) return;
  throw new ApiError(
    403,
    'insufficient_scope',
    `A kiosk key takes card or external payments only, not '${input.payment_method}'; cash and comp orders need a box_office key.`,
    'payment_method',
  );
}

export function unitCount(input: CheckoutInput): number {
  return input.items.reduce((sum, item) => sum + item.quantity, 0);
}

export function checkAttendeeCount(input: CheckoutInput): void {
  const units = unitCount(input);
  if (input.attendees !== undefined && input.attendees.length !== units) {
    throw invalidField(
      'attendees',
      `attendees must have one entry per ticket (${units}), in item order; got ${input.attendees.length}.`,
    );
  }
}

export function checkEventOnSale(event: EventRow, now: number): void {
  const state = eventSaleState(event, now);
  if (state === 'on_sale') return;
  const why =
    state === 'draft'
      ? 'is not published yet'
      : state === 'cancelled'
        ? 'has been cancelled'
        : `goes on sale at ${new Date(event.on_sale_at).toISOString()}`;
  throw conflict('event_not_on_sale', `This event ${why}.`, 'event_id');
}

/** Compared as hashes so the time taken says nothing about how much of the code was right. */
export function sameCode(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Checks every line against its tier (existence, event, max_per_order over summed lines, access
 * code, sale window) and groups the lines by tier. Reads only; stock is taken afterwards.
 */
export function resolveLines(
  input: CheckoutInput,
  event: EventRow,
  findTier: (id: string) => TierRow | undefined,
  now: number,
  /** A kiosk sells public tiers and the access-code tiers the request's code opens, never unlisted ones. */
  kiosk = false,
): TierLine[] {
  const lines = new Map<string, TierLine>();
  input.items.forEach((item, index) => {
    const param = `items[${index}]`;
    const tier = findTier(item.tier_id);
    if (!tier) throw notFound('tier', item.tier_id, `${param}.tier_id`);
    if (tier.event_id !== event.id) {
      throw invalidField(
        `${param}.tier_id`,
        `Tier '${tier.id}' belongs to another event, not '${event.id}'.`,
      );
    }
    if (kiosk && tier.visibility === 'unlisted') {
      throw new ApiError(
        403,
        'insufficient_scope',
        `Tier '${tier.name}' is unlisted (sold by direct link or at the box office); a kiosk key sells public and access-code tiers only.`,
        `${param}.tier_id`,
      );
    }
    const line = lines.get(tier.id) ?? {
      tier,
      quantity: 0,
      firstIndex: index,
    };
    line.quantity += item.quantity;
    lines.set(tier.id, line);
    if (line.quantity > tier.max_per_order) {
      throw new ApiError(
        400,
        'max_per_order_exceeded',
        `At most ${tier.max_per_order} ticket(s) of '${tier.name}' per order; this order asks for ${line.quantity}.`,
        `${param}.quantity`,
      );
    }
    if (tier.visibility === 'access_code') {
      const code = input.access_code;
      if (code === undefined || !sameCode(code, tier.access_code ?? '')) {
        throw new ApiError(
          400,
          'invalid_access_code',
          code === undefined
            ? `Tier '${tier.name}' needs an access_code.`
            : 'The access_code is not valid for this tier.',
          'access_code',
        );
      }
    }
    if (saleWindowState(tier, now) !== 'open') {
      throw conflict('sales_closed', `Tier '${tier.name}' is outside its sale window.`, `${param}.tier_id`);
    }
  });
  return [...lines.values()];
}

/**
 * Where a sale is made (docs/api.md "Sales channels"), from the key: a kiosk key sells at the
 * kiosk; a box office key (a paired till, or one made for a till) at the till; an admin key is an
 * integration (`api`) unless it says `till`: the desktop box office runs on the admin key and
 * says so. Only an admin key may choose, and only between those two; the others are told.
 */
export function salesChannel(input: CheckoutInput, scope: string | undefined): SalesChannel {
  const fixed = scope === 'kiosk' ? 'kiosk' : scope === 'box_office' ? 'till' : null;
  if (fixed === null) return input.channel ?? 'api';
  if (input.channel !== undefined && input.channel !== fixed) {
    throw invalidField('channel', `This key always sells as '${fixed}'; leave channel out.`);
  }
  return fixed;
}

/**
 * A tier repriced while a till or kiosk showed the old price must not charge the new one: the
 * customer paid (cash counted, card approved on the terminal) what they were shown, and the shift
 * would expect the difference. The figure is checked only when the client sends one.
 */
export function checkExpectedTotal(input: CheckoutInput, total: number, currency: string): void {
  const expected = input.expected_total_cents;
  if (expected === undefined || expected === total) return;
  throw conflict(
    'price_changed',
    `The price changed: this order now totals ${formatMoney(total, currency)}, not the ${formatMoney(expected, currency)} expected. Nothing was sold.`,
    'expected_total_cents',
  );
}
