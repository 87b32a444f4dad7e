import { create } from 'zustand';
import { ApiRequestError } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { EventView, OrderView, TierView } from '../api/types.js';
import { splitError, type SplitError } from '../lib/field-errors.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { priceChangeWords } from '../lib/price-change.js';
import { tierEditedWords } from '../lib/tier-edit-words.js';
import {
  applyQuantityKey,
  quantityFromTyped,
  quantityOf,
  stepQuantity,
  type QuantityEntry,
} from '../lib/quantity.js';
import {
  checkCart,
  checkoutBody,
  stockWords,
  type Cart,
  type HeldLine,
  type TillPayment,
} from '../lib/sale.js';
import { useEvents } from './events-store.js';
import { requireClient } from './session-store.js';
import { useShift } from './shift-store.js';

export type SaleStage = 'tier' | 'quantity' | 'payment' | 'done';

/** The fields a sale form shows; a refusal naming another param lands above the form. */
export const saleFields = [
  'quantity',
  'tendered',
  'buyer.name',
  'buyer.email',
  'comp_reason',
  'tier_id',
  'access_code',
] as const;

/** A tier put in the sale with `addTier`, before the one being chosen now. */
export interface CartLine {
  tierId: string;
  quantity: number;
}

interface SaleState extends Cart {
  eventId: string | null;
  tierId: string | null;
  /** Lines of this same order taken before the tier on screen; empty for a one-tier sale. */
  held: CartLine[];
  stage: SaleStage;
  quantityText: string;
  quantityNote: string | null;
  submitting: boolean;
  error: SplitError | null;
  order: OrderView | null;
  /** The cash handed over and change given for the finished sale, for the done screen. */
  receipt: { tendered: number; change: number } | null;
  /** Kept across retries of the same cart so a sale retried after a network blip is not sold twice. */
  idempotencyKey: string | null;
  /** The staff member whose sale this is (null at a till without staff). */
  sellerId: string | null;

  chooseEvent(eventId: string | null): void;
  chooseTier(tierId: string): void;
  quantityKey(key: string, max: number): void;
  /** A −/+ button or an arrow key. */
  stepQuantity(delta: number, max: number): void;
  /** Text an on-screen keyboard put in the field (no key events to read). */
  typeQuantity(text: string, max: number): void;
  /** `tooMany` says why more than `max` cannot be sold (lib/sale.ts tooManyWords). */
  confirmQuantity(max: number, tooMany?: string): boolean;
  /**
   * From payment: keeps the tier on screen as a line of the order and goes back to the tiles for
   * another (two adults and a child pay once). Payment and buyer stay as typed.
   */
  addTier(): void;
  setPayment(payment: TillPayment): void;
  setTendered(text: string): void;
  setBuyer(field: 'buyerName' | 'buyerEmail' | 'compReason', value: string): void;
  back(): void;
  submit(event: EventView, tier: TierView, maxQuantity: number): Promise<OrderView | null>;
  newSale(): void;
  /**
   * A staff member signed in at this till: a sale left open by someone else (signed out by hand
   * or after the idle time) is not theirs to finish, nor its customer's name and address theirs
   * to see, so it is dropped; their own sale waits for them as they left it.
   */
  signedIn(staffId: string): void;
}

const emptyCart = {
  quantity: 0,
  quantityText: '',
  quantityNote: null,
  payment: 'cash' as TillPayment,
  tenderedText: '',
  buyerName: '',
  buyerEmail: '',
  compReason: '',
  error: null,
  idempotencyKey: null,
  held: [] as CartLine[],
};

/** No tier on screen: the tiles have the keyboard. */
const noLine = { tierId: null, quantity: 0, quantityText: '', quantityNote: null, error: null };

/** A new quantity is a new cart: a retry key made for the old one must not replay it. */
const quantityChange = (entry: QuantityEntry) => ({
  quantityText: entry.text,
  quantity: entry.value,
  quantityNote: entry.refused,
  idempotencyKey: null,
});

/** The sale at this till: tier → quantity → payment → done. The cart rules live in lib/sale.ts. */
export const useSale = create<SaleState>()((set, get) => ({
  eventId: null,
  tierId: null,
  stage: 'tier',
  ...emptyCart,
  submitting: false,
  order: null,
  receipt: null,
  sellerId: null,

  chooseEvent: (eventId) =>
    set({ eventId, tierId: null, stage: 'tier', ...emptyCart, order: null, receipt: null }),

  chooseTier(tierId) {
    const { held } = get();
    if (held.length === 0) {
      set({ tierId, stage: 'quantity', ...emptyCart, quantityText: '1', quantity: 1 });
      return;
    }
    // The next line of a sale in progress; a tier already in it comes back to change its quantity.
    const again = held.find((line) => line.tierId === tierId);
    set({
      tierId,
      stage: 'quantity',
      held: held.filter((line) => line.tierId !== tierId),
      ...quantityChange(quantityOf(again?.quantity ?? 1)),
      error: null,
    });
  },

  quantityKey: (key, max) => set(quantityChange(applyQuantityKey(get().quantityText, key, max))),
  stepQuantity: (delta, max) => set(quantityChange(quantityOf(stepQuantity(get().quantity, delta, max)))),
  typeQuantity: (text, max) => set(quantityChange(quantityFromTyped(text, max))),

  confirmQuantity(max, tooMany = `At most ${max} in one sale.`) {
    const { quantity } = get();
    if (quantity < 1 || quantity > max) {
      set({ quantityNote: quantity < 1 ? 'Enter how many tickets.' : tooMany });
      return false;
    }
    set({ stage: 'payment', quantityNote: null });
    return true;
  },

  addTier() {
    const { stage, tierId, quantity, held } = get();
    if (stage !== 'payment' || tierId === null) return;
    set({ held: [...held, { tierId, quantity }], stage: 'tier', ...noLine, idempotencyKey: null });
  },

  setPayment: (payment) => set({ payment, error: null, idempotencyKey: null }),
  setTendered: (tenderedText) => set({ tenderedText, error: null }),
  setBuyer: (field, value) => set({ [field]: value, error: null, idempotencyKey: null }),

  back() {
    const { stage, held } = get();
    const last = held[held.length - 1];
    if (stage === 'payment') set({ stage: 'quantity', error: null });
    else if (stage === 'quantity' && last) set({ stage: 'tier', ...noLine, idempotencyKey: null });
    else if (stage === 'quantity') set({ stage: 'tier', tierId: null, ...emptyCart });
    // Out of picking another tier: back to paying for the lines so far.
    else if (stage === 'tier' && last) {
      const line = { tierId: last.tierId, ...quantityChange(quantityOf(last.quantity)) };
      set({ stage: 'payment', held: held.slice(0, -1), ...noLine, ...line });
    }
  },

  async submit(event, tier, maxQuantity) {
    const state = get();
    if (state.submitting) return null;
    const held = heldLines(state.held, useEvents.getState().tiers[event.id]?.data ?? []);
    if (!held) {
      set({ error: { fields: {}, form: 'A tier in this sale is no longer offered. Start the sale again.' } });
      return null;
    }
    const check = checkCart(tier, state, maxQuantity, held);
    if (Object.keys(check.problems).length > 0) {
      set({ error: { fields: check.problems, form: null } });
      return null;
    }
    const idempotencyKey = state.idempotencyKey ?? newIdempotencyKey();
    set({ submitting: true, error: null, idempotencyKey });
    try {
      const order = await unwrap(
        requireClient().POST('/v2/orders', {
          body: checkoutBody(event, tier, state, held),
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      );
      const tendered = state.payment === 'cash' ? check.total + check.change : 0;
      set({
        submitting: false,
        stage: 'done',
        order,
        receipt: { tendered, change: check.change },
        idempotencyKey: null,
      });
      // Sold counts changed; the tiles must show the server's numbers, not a guess.
      void useEvents.getState().loadTiers(event.id);
      // The slips print the event's doors, which the manager may have moved since this till read
      // the event. Not awaited: the change due must not wait on a second request.
      void useEvents.getState().loadEvent(event.id);
      // A sale put in another shift or none says the shift on screen is stale.
      void useShift.getState().saleMade(order.shift_id);
      return order;
    } catch (err) {
      // A network failure keeps the key: the retry either replays the sale or makes it once.
      const keep = err instanceof ApiRequestError && err.isNetwork;
      // The line on screen is the order's last item (lib/sale.ts checkoutBody).
      let error = splitError(err, saleFields, {
        [`items[${held.length}].quantity`]: 'quantity',
        'buyer.name': 'buyer.name',
      });
      // Refused for the stock, the sale window or the price (sold_out, sales_closed,
      // price_changed): another till sold, time moved on or the manager edited the tier, so the
      // tiles must show what is on sale now.
      if (err instanceof ApiRequestError && err.status === 409) {
        const refreshed = useEvents.getState().loadTiers(event.id);
        // Cancelled or taken off sale meanwhile (event_not_on_sale): the tiles say so too.
        void useEvents.getState().loadEvent(event.id);
        // The seller tells the customer how many they can still have, said at the quantity.
        if (err.code === 'sold_out') {
          const lines = [...held.map((line) => line.tier), tier];
          const refused = lines[itemIndex(err.param) ?? lines.length - 1] ?? tier;
          error = (await soldOutWords(refreshed, event.id, refused.id, refused.id === tier.id)) ?? error;
        }
        // Repriced since the customer was asked: nothing was sold; the basket stays, at the new
        // prices once the tiles are read again, and the seller is told what to ask for.
        if (err.code === 'price_changed') {
          await refreshed;
          const fresh = useEvents.getState().tiers[event.id]?.data ?? [];
          const shown = [...held, { tier, quantity: state.quantity }];
          const tendered = state.payment === 'cash' ? check.total + check.change : null;
          error = { fields: {}, form: priceChangeWords(shown, fresh, state.payment, tendered) };
        }
      }
      // A tier of the sale deleted at the office (only one nothing was sold of can be): say so by
      // name, not by its id, and take it off the screen.
      const removed = err instanceof ApiRequestError && err.status === 404 && removedTierIndex(err.param);
      if (removed !== false) {
        void useEvents.getState().loadTiers(event.id);
        const gone = [...held.map((line) => line.tier), tier][removed] ?? tier;
        const words = `${gone.name} was removed at the office, so it cannot be sold.`;
        if (gone.id === tier.id) {
          set({ submitting: false, stage: 'tier', ...noLine, idempotencyKey: null });
          set({ error: { fields: {}, form: `${words} Pick another tier.` } });
          return null;
        }
        // A line held earlier in the sale: take it out and keep the rest, which the panel
        // already totals without it; left in, every completion was refused again.
        set({ held: state.held.filter((_, index) => index !== removed) });
        error = {
          fields: {},
          form: `${words} It was taken out of this sale: check the new total with the customer, then complete the sale.`,
        };
      }
      // Refused for a tier edited at the office (a lower limit per order, an access code put on
      // it): read the tiles again and say what the seller can do now.
      if (err instanceof ApiRequestError && err.status === 400 && tierEditCodes.has(err.code)) {
        await useEvents.getState().loadTiers(event.id);
        const fresh = useEvents.getState().tiers[event.id]?.data ?? [];
        const lines = [...held.map((line) => line.tier), tier];
        error = tierEditedWords(err.code, lines, itemIndex(err.param), fresh) ?? error;
      }
      set({ submitting: false, error, idempotencyKey: keep ? idempotencyKey : null });
      return null;
    }
  },

  newSale: () => set({ stage: 'tier', tierId: null, ...emptyCart, order: null, receipt: null }),

  signedIn(staffId) {
    const { sellerId, newSale } = get();
    if (sellerId !== null && sellerId !== staffId) newSale();
    set({ sellerId: staffId });
  },
}));

/** The held lines with their tiers; null when one of them is no longer in the event's list. */
export function heldLines(held: readonly CartLine[], tiers: readonly TierView[]): HeldLine[] | null {
  const lines: HeldLine[] = [];
  for (const line of held) {
    const tier = tiers.find((t) => t.id === line.tierId);
    if (!tier) return null;
    lines.push({ tier, quantity: line.quantity });
  }
  return lines;
}

/** Refusals a tier edited meanwhile causes, put in the till's words by tierEditedWords. */
const tierEditCodes = new Set(['max_per_order_exceeded', 'invalid_access_code']);

/** The line a 404 names (`items[i].tier_id`: its tier is gone), or false for any other 404. */
const removedTierIndex = (param: string | undefined): number | false => {
  const match = /^items\[(\d+)\]\.tier_id$/.exec(param ?? '');
  return match ? Number(match[1]) : false;
};

const itemIndex = (param: string | undefined): number | null => {
  const match = /^items\[(\d+)\]/.exec(param ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * What is left of the refused tier once the tiles are read again, in words: at the quantity for
 * the tier on screen, named above the button for one held earlier in the sale; null if the tiles
 * could not be read.
 */
async function soldOutWords(
  refreshed: Promise<void>,
  eventId: string,
  tierId: string,
  onScreen: boolean,
): Promise<SplitError | null> {
  await refreshed;
  const fresh = useEvents.getState().tiers[eventId];
  const tier = fresh?.state === 'ready' ? fresh.data?.find((t) => t.id === tierId) : undefined;
  if (!tier) return null;
  return onScreen
    ? { fields: { quantity: stockWords(tier) }, form: null }
    : { fields: {}, form: `${tier.name}: ${stockWords(tier)}` };
}
