import type { EventView, TierCreate, TierPatch, TierView, Visibility } from '../api/types.js';
import { fieldLimits } from '../../../shared/field-limits.js';
import { amountExample, formatMoney, minorToInput, moneyProblemWords, readMoney } from './money.js';
import {
  formatEventTime,
  isoToWallTime,
  readWallTime,
  repeatedPickOf,
  type RepeatedPick,
} from './zoned-time.js';

/** The tier editor's fields as the inputs hold them (text); one per tier field the API accepts. */
export interface TierForm {
  name: string;
  price: string;
  quantity: string;
  visibility: Visibility;
  access_code: string;
  /** Wall times in the event's zone, as the event form's doors and on-sale are. */
  sale_starts_at: string;
  sale_ends_at: string;
  max_per_order: string;
  /** Off: phone only. The door refuses printed and PDF passes; the wallet's live code admits. */
  paper_pass: boolean;
  /** For a time typed in the hour the clocks go back, which of its two moments (the first unless said). */
  picks?: Partial<Record<'sale_starts_at' | 'sale_ends_at', RepeatedPick>>;
}

export const tierFormFields = [
  'name',
  'price',
  'quantity',
  'visibility',
  'access_code',
  'sale_starts_at',
  'sale_ends_at',
  'max_per_order',
  'paper_pass',
] as const satisfies readonly (keyof TierForm)[];

/** Server params whose form field has another name. */
export const tierParamAliases: Readonly<Record<string, keyof TierForm>> = { price_cents: 'price' };

/** The event a tier belongs to, as its form reads it: prices in its currency, times on its clock. */
export type TierEvent = Pick<EventView, 'currency' | 'timezone'>;

/**
 * The form for a tier (or a new one); prices are shown in the currency's own decimals and the
 * sale window on the event's clock (`zone`).
 */
export function tierToForm(tier: TierView | undefined, zone: string): TierForm {
  if (!tier) {
    return {
      name: '',
      price: '',
      quantity: '100',
      visibility: 'public',
      access_code: '',
      sale_starts_at: '',
      sale_ends_at: '',
      max_per_order: '10',
      paper_pass: true,
    };
  }
  return {
    name: tier.name,
    price: minorToInput(tier.price_cents, tier.currency),
    quantity: String(tier.quantity),
    visibility: tier.visibility,
    access_code: tier.access_code ?? '',
    sale_starts_at: isoToWallTime(tier.sale_starts_at, zone),
    sale_ends_at: isoToWallTime(tier.sale_ends_at, zone),
    max_per_order: String(tier.max_per_order),
    paper_pass: tier.paper_pass,
    picks: {
      sale_starts_at: repeatedPickOf(tier.sale_starts_at, zone),
      sale_ends_at: repeatedPickOf(tier.sale_ends_at, zone),
    },
  };
}

export interface ParsedTierForm {
  body: TierCreate | null;
  /** Every bound of the tier's schema (src/shared/field-limits.ts), in the form's words, so a
   *  person never meets the schema's own wording. The server checks them again, and the rules
   *  that need the store (quantity ≥ sold, window order) are its alone. */
  errors: Partial<Record<keyof TierForm, string>>;
}

const wholeNumber = (text: string): number | null => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null);

/** A sale-window bound: empty is none (null); else the instant on the event's clock, or why not. */
function saleBound(
  text: string,
  zone: string,
  pick: RepeatedPick = 'first',
): { iso: string | null } | { problem: string } {
  if (!text.trim()) return { iso: null };
  return readWallTime(text, zone, 'Enter a date and time.', pick);
}

/**
 * A price is typed in the event's currency units (25.00 usd, 2500 jpy, 1.250 kwd) and the sale
 * window on the event's clock. `sold` is what the tier has sold as last read (0 for a new tier):
 * the quantity cannot be lower.
 */
export function parseTierForm(form: TierForm, event: TierEvent, sold = 0): ParsedTierForm {
  const { currency } = event;
  const errors: ParsedTierForm['errors'] = {};
  const { tierName, priceCents, quantity: stock, maxPerOrder: perOrder, accessCode } = fieldLimits;
  const name = form.name.trim();
  if (name === '') errors.name = 'Give the tier a name.';
  else if (name.length > tierName.maxLength)
    errors.name = `Keep the name to ${tierName.maxLength} characters; this one has ${name.length}.`;
  // Read as every typed amount is (readMoney): "1 234,50" is read, an unclear "1.234" says why.
  const read = readMoney(form.price, currency);
  const price = 'minor' in read ? read.minor : null;
  if ('problem' in read)
    errors.price =
      read.problem.kind === 'empty'
        ? `Enter a price like ${amountExample(currency)}.`
        : moneyProblemWords(read.problem, form.price, currency, 'the price of one ticket');
  else if (read.minor > priceCents.maximum)
    errors.price = `A ticket can cost at most ${formatMoney(priceCents.maximum, currency)}.`;
  const quantity = wholeNumber(form.quantity);
  if (quantity === null) errors.quantity = 'Enter a whole number.';
  else if (quantity > stock.maximum)
    errors.quantity = `At most ${stock.maximum.toLocaleString('en-US')} tickets in one tier.`;
  else if (quantity < sold) errors.quantity = `${sold} already sold: the quantity cannot be lower.`;
  const maxPerOrder = wholeNumber(form.max_per_order);
  if (maxPerOrder === null || maxPerOrder < perOrder.minimum || maxPerOrder > perOrder.maximum)
    errors.max_per_order = `Between ${perOrder.minimum} and ${perOrder.maximum} tickets per order.`;
  if (form.visibility === 'access_code') {
    const code = form.access_code.trim();
    if (code === '') errors.access_code = 'Give the code buyers will type.';
    else if (code.length > accessCode.maxLength)
      errors.access_code = `Keep the code to ${accessCode.maxLength} characters.`;
  }
  const starts = saleBound(form.sale_starts_at, event.timezone, form.picks?.sale_starts_at);
  if ('problem' in starts) errors.sale_starts_at = starts.problem;
  const ends = saleBound(form.sale_ends_at, event.timezone, form.picks?.sale_ends_at);
  if ('problem' in ends) errors.sale_ends_at = ends.problem;
  // The server's own rule (domain/tier-rules.ts), said here in the form's words first.
  else if ('iso' in starts && starts.iso && ends.iso && Date.parse(ends.iso) <= Date.parse(starts.iso))
    errors.sale_ends_at = 'Sales must end after they start.';
  if (
    price === null ||
    quantity === null ||
    maxPerOrder === null ||
    !('iso' in starts) ||
    !('iso' in ends) ||
    Object.keys(errors).length > 0
  ) {
    return { body: null, errors };
  }
  return {
    body: {
      name: form.name.trim(),
      price_cents: price,
      quantity,
      visibility: form.visibility,
      // The code belongs to access_code tiers only; switching away clears it rather than tripping
      // the server's "access_code may be set only when…" on a field the seller cannot see.
      access_code: form.visibility === 'access_code' ? form.access_code.trim() || null : null,
      sale_starts_at: starts.iso,
      sale_ends_at: ends.iso,
      max_per_order: maxPerOrder,
      paper_pass: form.paper_pass,
    },
    errors,
  };
}

/** Only the fields that changed, so a PATCH never rewrites what the seller did not touch. */
export function tierChanges(original: TierView, body: TierCreate): TierPatch {
  const patch: TierPatch = {};
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? null) === (b ?? null) || (a != null && b != null && Date.parse(a) === Date.parse(b));
  if (body.name !== original.name) patch.name = body.name;
  if (body.price_cents !== original.price_cents) patch.price_cents = body.price_cents;
  if (body.quantity !== original.quantity) patch.quantity = body.quantity;
  if (body.visibility !== original.visibility) patch.visibility = body.visibility;
  if ((body.access_code ?? null) !== original.access_code) patch.access_code = body.access_code ?? null;
  if (!same(body.sale_starts_at, original.sale_starts_at)) patch.sale_starts_at = body.sale_starts_at ?? null;
  if (!same(body.sale_ends_at, original.sale_ends_at)) patch.sale_ends_at = body.sale_ends_at ?? null;
  if (body.max_per_order !== original.max_per_order) patch.max_per_order = body.max_per_order;
  if (body.paper_pass !== undefined && body.paper_pass !== original.paper_pass)
    patch.paper_pass = body.paper_pass;
  return patch;
}

/** The event's times a tier's sale window is read against. */
export type TierWindowEvent = Pick<EventView, 'on_sale_at' | 'doors_at' | 'timezone'>;

/**
 * Said before saving when the tier's window misses the event's selling time (a day typed
 * wrong): ending at or before the event goes on sale, nothing can ever be sold in it; starting at
 * or after the doors, nothing can be bought ahead. "At or": the warning holds for the very minute
 * too (a sale's end is exclusive), and "end 10:00, before the event goes on sale (10:00)" misread. Not refused, as the event form's
 * `onSaleAfterDoorsWarning`: a tier may be for the door alone. Nothing is said while a time
 * cannot be read (its field says why).
 */
export function tierWindowWarning(form: TierForm, event: TierWindowEvent): string | null {
  const zone = event.timezone;
  const at = (iso: string) => formatEventTime(iso, zone);
  const ends = saleBound(form.sale_ends_at, zone, form.picks?.sale_ends_at);
  if ('iso' in ends && ends.iso && Date.parse(ends.iso) <= Date.parse(event.on_sale_at))
    return `Sales of this tier end ${at(ends.iso)}, at or before the event goes on sale (${at(event.on_sale_at)}): nothing can be sold in it. Check the dates, or leave "Sale ends" empty.`;
  const starts = saleBound(form.sale_starts_at, zone, form.picks?.sale_starts_at);
  if ('iso' in starts && starts.iso && Date.parse(starts.iso) >= Date.parse(event.doors_at))
    return `Sales of this tier start ${at(starts.iso)}, at or after the doors (${at(event.doors_at)}): nothing can be bought ahead. Check the dates, or leave "Sale starts" empty to sell with the event.`;
  return null;
}

/**
 * When a tier's tickets can first be sold: its own start, or the event's on-sale time when that is
 * later or the tier has none (a tier never sells before its event does). `fromEvent`: the time is
 * the event's.
 */
export function effectiveSaleStart(
  tier: Pick<TierView, 'sale_starts_at'>,
  event: Pick<EventView, 'on_sale_at'>,
): { iso: string; fromEvent: boolean } {
  const own = tier.sale_starts_at;
  if (own && Date.parse(own) >= Date.parse(event.on_sale_at)) return { iso: own, fromEvent: false };
  return { iso: event.on_sale_at, fromEvent: true };
}

/**
 * The tiers table's sale window, on the event's clock: "Tue, 1 Dec 2026, 10:00 (event on sale) →
 * Thu, 24 Dec 2026, 18:00". Null for a tier with no window of its own: it sells whenever the
 * event does.
 */
export function saleWindowWords(
  tier: Pick<TierView, 'sale_starts_at' | 'sale_ends_at'>,
  event: Pick<EventView, 'on_sale_at' | 'timezone'>,
): string | null {
  if (!tier.sale_starts_at && !tier.sale_ends_at) return null;
  const start = effectiveSaleStart(tier, event);
  const from = `${formatEventTime(start.iso, event.timezone)}${start.fromEvent ? ' (event on sale)' : ''}`;
  const to = tier.sale_ends_at ? formatEventTime(tier.sale_ends_at, event.timezone) : 'no end';
  return `${from} → ${to}`;
}

/** Why a tier cannot be deleted, or null when it can (the server refuses once anything is sold). */
export function deleteBlocker(tier: Pick<TierView, 'sold'>): string | null {
  if (tier.sold === 0) return null;
  return `${tier.sold} sold: a tier with sales cannot be deleted. Lower its quantity to ${tier.sold} to stop selling it.`;
}

/** How a tier's tickets get in, as the tier list and editor say it. */
export function tierEntryWords(tier: Pick<TierView, 'paper_pass'>): string {
  return tier.paper_pass ? 'phone or printed ticket' : 'phone only';
}
