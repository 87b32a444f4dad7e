import { create } from 'zustand';
import { ApiRequestError } from '../api/api-error.js';
import type { EventView, OrderView, TierView } from '../api/types.js';
import { splitError, type SplitError } from '../lib/field-errors.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { tillStorage } from '../lib/tab-storage.js';
import { priceChangeWords } from '../lib/price-change.js';
import { tierEditedWords } from '../lib/tier-edit-words.js';
import {
  applyQuantityKey,
  quantityFromTyped,
  quantityOf,
  stepQuantity,
  type QuantityEntry,
} from '../lib/quantity.js';
import { checkCart, checkoutBody, type Cart, type HeldLine, type TillPayment } from '../lib/sale.js';
import {
  checkingSaleWords,
  dropUnansweredSale,
  droppedElsewhereWords,
  forgetUnansweredSale,
  keepUnansweredSale,
  keyRefusedSaleWords,
  keptUnansweredSales,
  oneTabAtATime,
  recoveredSoldWords,
  refusedSaleWords,
  soldBeforeChangeWords,
  stillRecordingWords,
  tillScope,
  tooOldSaleWords,
  tooOldToCheck,
  unansweredSaleWords,
  uncheckedSaleWords,
  wasDropped,
  settledSaleNote,
  withSent,
  type KeptCart,
  type Seller,
} from '../lib/unanswered-sale.js';
import type { CheckoutBody } from '../api/types.js';
import { useEvents } from './events-store.js';
import { useSession } from './session-store.js';
import { firstAnswer, postOrder, settlingTries, type EarlierAnswer } from './sale-sending.js';
import { calledNow, signedInSeller } from './sale-called.js';
import { itemIndex, removedTierIndex, soldOutWords, tierEditCodes } from './sale-refusals.js';
import { useShift } from './shift-store.js';
import { useStaff } from './staff-store.js';

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
  /**
   * Kept after a sale's answer was lost, until an answer comes: pressing again replays the sale
   * rather than selling it twice, also after the cart was changed or the page reloaded.
   */
  idempotencyKey: string | null;
  /** The bodies sent under idempotencyKey whose answers were lost (lib/unanswered-sale.ts). */
  sentUnanswered: CheckoutBody[];
  /** When the sale under idempotencyKey was first sent (ms), said to the seller. */
  sentAt: number | null;
  /** The change due for the last cart sent under idempotencyKey, shown if that is the one sold. */
  sentReceipt: { tendered: number; change: number } | null;
  /** The sale came back from storage (the tab was closed or reloaded): it was sent a while ago. */
  recovered: boolean;
  /** Said on the done screen when the sale shown is not quite the one on screen before. */
  doneNote: string | null;
  /** The staff member whose sale this is (null at a till without staff). */
  sellerId: string | null;
  /**
   * Who sent the sale under idempotencyKey (null at a till without staff): named to another
   * member who signs in at the till before it is answered ("Anna's sale of 2 tickets at 19:32").
   */
  sentBy: Seller | null;
  /** The shift on screen when the sale under idempotencyKey was first sent (lib/unanswered-sale.ts). */
  sentShift: string | null;

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
   * Puts back the oldest sale this till sent and never had the answer to, kept in localStorage
   * by this tab or one since closed, unless this tab is already on one: at payment, with its key
   * and a word that it is being checked. Its event's id, or null when there is none.
   */
  recover(): string | null;
  /**
   * Sends the unanswered sale again under its key, by itself, when the server can be reached:
   * the server replays what it recorded, or makes the sale once. Shows the order, or the refusal
   * in words, and forgets the sale; without an answer it keeps it for the next try.
   */
  resendUnanswered(): Promise<void>;
  /**
   * A staff member signed in at this till: a sale left open by someone else (signed out by hand
   * or after the idle time) is not theirs to finish, nor its customer's name and address theirs
   * to see, so it is dropped; their own sale waits for them as they left it. A sale already sent
   * and never answered is the till's to settle, whoever signs in: the customer may have paid,
   * and it may be recorded. It stays, named as the other member's, and is checked under its key.
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
  held: [] as CartLine[],
};

/** No sale waiting on an answer: a new sale, another event. */
const noAttempt = {
  idempotencyKey: null,
  sentUnanswered: [] as CheckoutBody[],
  sentAt: null,
  sentReceipt: null,
  recovered: false,
  doneNote: null,
  sentBy: null,
  sentShift: null,
};

/** The till's open shift as its screen shows it, if any. */
const shiftOnScreen = (): string | null => useShift.getState().current.data?.id ?? null;

/**
 * Whether a sale settled after its answer was lost went into the shift it was first sent in,
 * which is no longer the one on screen: cashed up since, it counts there, not in this drawer.
 */
const inShiftClosedSince = (order: OrderView, sentShift: string | null): boolean =>
  order.shift_id !== null && order.shift_id === sentShift && order.shift_id !== shiftOnScreen();

/** Whose sales the kept ones are: this server and this key (lib/unanswered-sale.ts tillScope). */
const scope = () => {
  const { baseUrl, apiKey } = useSession.getState();
  return tillScope(baseUrl, apiKey ?? '');
};

/** Forgets the kept copy of the sale now on screen, if any: it was answered or given up. */
const forgetAttempt = (key: string | null) => forgetUnansweredSale(tillStorage(), scope(), key);

/**
 * The seller moves on from the sale on screen (New sale, another event). One sent and never
 * answered is marked dropped rather than forgotten, so another tab of this till holding the same
 * sale does not send it again by itself and sell what the seller gave up.
 */
function giveUpAttempt({
  idempotencyKey,
  sentUnanswered,
}: Pick<SaleState, 'idempotencyKey' | 'sentUnanswered'>) {
  if (idempotencyKey !== null && sentUnanswered.length > 0)
    dropUnansweredSale(tillStorage(), scope(), idempotencyKey, Date.now());
  else forgetAttempt(idempotencyKey);
}

/** No tier on screen: the tiles have the keyboard. */
const noLine = { tierId: null, quantity: 0, quantityText: '', quantityNote: null, error: null };

/**
 * A changed cart keeps the key of a sale whose answer was lost: if that one went through, the
 * server refuses the changed one under its key (idempotency_key_reused) instead of selling twice.
 */
const quantityChange = (entry: QuantityEntry) => ({
  quantityText: entry.text,
  quantity: entry.value,
  quantityNote: entry.refused,
});

/** The sale at this till: tier → quantity → payment → done. The cart rules live in lib/sale.ts. */
export const useSale = create<SaleState>()((set, get) => ({
  eventId: null,
  tierId: null,
  stage: 'tier',
  ...emptyCart,
  ...noAttempt,
  submitting: false,
  order: null,
  receipt: null,
  sellerId: null,

  chooseEvent(eventId) {
    giveUpAttempt(get());
    set({ eventId, tierId: null, stage: 'tier', ...emptyCart, ...noAttempt, order: null, receipt: null });
  },

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
    set({ held: [...held, { tierId, quantity }], stage: 'tier', ...noLine });
  },

  setPayment: (payment) => set({ payment, error: null }),
  setTendered: (tenderedText) => set({ tenderedText, error: null }),
  setBuyer: (field, value) => set({ [field]: value, error: null }),

  back() {
    const { stage, held } = get();
    const last = held[held.length - 1];
    if (stage === 'payment') set({ stage: 'quantity', error: null });
    else if (stage === 'quantity' && last) set({ stage: 'tier', ...noLine });
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
    const body = checkoutBody(event, tier, state, held);
    const sent = withSent(state.sentUnanswered, body);
    const sentAt = state.sentAt ?? Date.now();
    // Who rang it up first: a member finishing a colleague's unanswered sale does not take it over.
    const sentBy = state.idempotencyKey === null ? signedInSeller() : state.sentBy;
    const sentShift = state.idempotencyKey === null ? shiftOnScreen() : state.sentShift;
    const tendered = state.payment === 'cash' ? check.total + check.change : 0;
    const sentReceipt = { tendered, change: check.change };
    set({ submitting: true, error: null, idempotencyKey, sentAt, sentReceipt, sentBy, sentShift });
    // Kept until an answer comes: a page reloaded, or closed and opened again, puts the sale back
    // with its key.
    const cart = keptCart(state, event.id);
    keepUnansweredSale(tillStorage(), scope(), {
      key: idempotencyKey,
      sent,
      cart,
      sentAt,
      seller: sentBy,
      shift: sentShift,
    });
    const done = (order: OrderView, doneNote: string | null) => {
      forgetAttempt(idempotencyKey);
      // The change due is the cart's on screen: not shown for a sale made before a change to it.
      const receipt = doneNote === null ? { tendered, change: check.change } : null;
      const note = settledSaleNote(doneNote, inShiftClosedSince(order, sentShift));
      set({ submitting: false, stage: 'done', order, receipt, ...noAttempt, doneNote: note });
    };
    // Pressed again after a lost answer: sent with the shift it was first sent in (a late sale).
    const [sending] = settlingTries(body, state.sentUnanswered.length > 0 ? sentShift : null);
    try {
      const order = await oneTabAtATime(idempotencyKey, () => postOrder(sending!, idempotencyKey));
      done(order, null);
      // Sold counts changed; the tiles must show the server's numbers, not a guess.
      void useEvents.getState().loadTiers(event.id);
      // The slips print the event's doors, which the manager may have moved since this till read
      // the event. Not awaited: the change due must not wait on a second request.
      void useEvents.getState().loadEvent(event.id);
      // A sale put in another shift or none says the shift on screen is stale.
      void useShift.getState().saleMade(order.shift_id);
      return order;
    } catch (err) {
      // No answer: the sale may have been recorded. The key stays for the retry, which either
      // replays the sale or makes it once, whatever is changed on screen meanwhile.
      if (err instanceof ApiRequestError && err.isNetwork) {
        set({ submitting: false, sentUnanswered: sent, error: { fields: {}, form: unansweredSaleWords } });
        return null;
      }
      // Pressed again while the first press is still being recorded: wait for it, same key.
      if (err instanceof ApiRequestError && err.code === 'idempotency_key_in_use') {
        set({ submitting: false, sentUnanswered: sent, error: { fields: {}, form: stillRecordingWords } });
        return null;
      }
      // Changed after a lost answer, and the server had the first try: find out what it was.
      if (err instanceof ApiRequestError && err.code === 'idempotency_key_reused') {
        const earlier = await oneTabAtATime(idempotencyKey, () =>
          firstAnswer(state.sentUnanswered, idempotencyKey, sentShift),
        );
        if (earlier.state === 'sold') {
          // Refused only for the shift named with it: the cart on screen is the one sold.
          const changed = JSON.stringify(state.sentUnanswered[earlier.index]) !== JSON.stringify(body);
          done(earlier.order, changed ? soldBeforeChangeWords : null);
          void useEvents.getState().loadTiers(event.id);
          return earlier.order;
        }
        if (earlier.state === 'unknown') {
          set({ submitting: false, error: { fields: {}, form: unansweredSaleWords } });
          return null;
        }
        // The first try was refused (sold out, say): nothing was sold, so this cart is sold afresh.
        forgetAttempt(idempotencyKey);
        set({ submitting: false, ...noAttempt });
        return get().submit(event, tier, maxQuantity);
      }
      forgetAttempt(idempotencyKey);
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
          set({ submitting: false, stage: 'tier', ...noLine, ...noAttempt });
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
      // Refused: nothing was sold, so the next press is a new sale with a new key.
      set({ submitting: false, error, ...noAttempt });
      return null;
    }
  },

  newSale() {
    giveUpAttempt(get());
    set({ stage: 'tier', tierId: null, ...emptyCart, ...noAttempt, order: null, receipt: null });
  },

  recover() {
    if (get().idempotencyKey !== null) return null;
    const kept = keptUnansweredSales(tillStorage(), scope())[0];
    if (!kept) return null;
    const { eventId, ...cart } = kept.cart;
    set({
      ...emptyCart,
      ...cart,
      eventId,
      stage: 'payment',
      quantityText: String(cart.quantity),
      idempotencyKey: kept.key,
      sentUnanswered: kept.sent,
      sentAt: kept.sentAt,
      sentBy: kept.seller,
      sentShift: kept.shift ?? null,
      sentReceipt: null,
      recovered: true,
      doneNote: null,
      submitting: false,
      order: null,
      receipt: null,
      error: { fields: {}, form: checkingSaleWords(calledNow(kept.sentAt, kept.seller, kept.cart)) },
    });
    return eventId;
  },

  async resendUnanswered() {
    const { idempotencyKey: key, sentUnanswered: sent, sentAt, submitting } = get();
    if (key === null || sentAt === null || sent.length === 0 || submitting || resending.has(key)) return;
    // Read when said: another member may sign in while the answer is on its way.
    const called = () => calledNow(sentAt, get().sentBy, get());
    const gaveUp = (words: string) => {
      forgetAttempt(key);
      set({ stage: 'tier', tierId: null, ...emptyCart, ...noAttempt, error: { fields: {}, form: words } });
    };
    // Past the server's keeping of answers, sending it again could sell it twice.
    if (tooOldToCheck(sentAt, Date.now())) return gaveUp(tooOldSaleWords(called()));
    // Nobody signed in at a till with staff: the server would refuse it unread. Signing in sends it.
    const staff = useStaff.getState();
    if (staff.mode === 'required' && staff.session === null) return;
    resending.add(key);
    let answer: EarlierAnswer;
    try {
      // Last cart first: the one on screen when it was lost, sold now if none of them was.
      answer = await oneTabAtATime(key, () =>
        // Read once this tab holds the sale's lock: a drop in another tab is then final.
        wasDropped(tillStorage(), scope(), key)
          ? Promise.resolve<EarlierAnswer>({ state: 'dropped' })
          : firstAnswer([...sent].reverse(), key, get().sentShift),
      );
    } finally {
      resending.delete(key);
    }
    // The seller moved on meanwhile (New sale, another event), or a press answered it first.
    if (get().idempotencyKey !== key || get().stage === 'done') return;
    // Signed out (and maybe another member in) while it was on its way: the refusal says nothing
    // of the sale. Asked again as whoever is signed in now (nobody: when someone signs in).
    if (answer.state === 'unknown' && useStaff.getState().session !== staff.session)
      return get().resendUnanswered();
    if (answer.state === 'dropped') {
      set({
        stage: 'tier',
        tierId: null,
        ...emptyCart,
        ...noAttempt,
        error: { fields: {}, form: droppedElsewhereWords(called()) },
      });
      return;
    }
    const { recovered, sentReceipt } = get();
    if (answer.state === 'unknown') {
      const words = answer.keyRefused
        ? keyRefusedSaleWords(called())
        : recovered
          ? uncheckedSaleWords(called())
          : null;
      if (words) set({ error: { fields: {}, form: words } });
      return;
    }
    const eventId = get().eventId;
    if (eventId) void useEvents.getState().loadTiers(eventId);
    if (answer.state === 'refused') {
      const { code, message } = answer.error;
      return gaveUp(refusedSaleWords(called(), code, message));
    }
    forgetAttempt(key);
    const last = answer.index === 0;
    const doneNote = settledSaleNote(
      recovered ? recoveredSoldWords(called()) : last ? null : soldBeforeChangeWords,
      inShiftClosedSince(answer.order, get().sentShift),
    );
    const receipt = !recovered && last ? sentReceipt : null;
    set({ submitting: false, stage: 'done', order: answer.order, receipt, ...noAttempt, doneNote });
    void useShift.getState().saleMade(answer.order.shift_id);
  },

  signedIn(staffId) {
    const { sellerId, newSale, idempotencyKey, sentUnanswered, sentAt, sentBy } = get();
    if (sellerId !== null && sellerId !== staffId) {
      if (idempotencyKey !== null && sentUnanswered.length > 0 && sentAt !== null) {
        // Checked under its key as the till is opened (hooks/use-unanswered-sale.ts): the server
        // replays the sale if it had it, or makes it once. Told as a sale found on the till, with
        // no change due: that was counted out to the customer by whoever took the money.
        const form = checkingSaleWords(calledNow(sentAt, sentBy, get()));
        set({ sellerId: staffId, recovered: true, sentReceipt: null, error: { fields: {}, form } });
        return;
      }
      newSale();
    }
    set({ sellerId: staffId });
  },
}));

/** Keys being sent again by this tab now, so a second trigger does not send them twice at once. */
const resending = new Set<string>();

const keptCart = (state: SaleState, eventId: string): KeptCart => ({
  eventId,
  tierId: state.tierId ?? '',
  held: state.held,
  quantity: state.quantity,
  payment: state.payment,
  tenderedText: state.tenderedText,
  buyerName: state.buyerName,
  buyerEmail: state.buyerEmail,
  compReason: state.compReason,
});

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
