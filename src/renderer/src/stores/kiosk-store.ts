import { create } from 'zustand';
import { ApiRequestError, messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { CheckoutBody, EventView, OfferView, OrderView } from '../api/types.js';
import { AttendantTerminal } from '../lib/attendant-terminal.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import {
  forgetCharge,
  keepCharge,
  keptCharge,
  reloadedChargeWords,
  reloadedPayingWords,
} from '../lib/kiosk-charge-keeper.js';
import { kioskBuyer } from '../lib/kiosk-offer.js';
import { tabStorage } from '../lib/tab-storage.js';
import {
  attendantPinWords,
  cardNotReadyWords,
  codeRefusalWords,
  kioskTrouble,
  payStoppedWords,
  type KioskTrouble,
} from '../lib/kiosk-trouble.js';
import { failed, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { formatMoney } from '../lib/money.js';
import { kioskRepricedWords } from '../lib/price-change.js';
import type { PaymentTerminal } from '../lib/payment-terminal.js';
import { tierSaleState } from '../lib/tier-sale-state.js';
import { requireClient } from './session-store.js';

/**
 * browse → quantity → details → paying (the terminal decides) → recording (POST /v2/orders)
 * → done. `record_failed` is the one state a customer cannot leave alone: the card was charged
 * and no tickets exist yet, so an attendant must retry or refund.
 */
export type KioskStage =
  'browse' | 'quantity' | 'details' | 'paying' | 'recording' | 'record_failed' | 'done';

/** Stages where walking away must not wipe the screen: money is moving or was taken. */
export const idlePausedStages: ReadonlySet<KioskStage> = new Set(['paying', 'recording', 'record_failed']);

export interface RecordFailure {
  message: string;
  /** True when the server could not be reached: the same attempt may be sent again safely. */
  retryable: boolean;
  /** What was charged, so the attendant can refund it. */
  charged: string;
  /** The terminal had not answered (a reload mid-payment): the card may or may not be charged. */
  unsure?: true;
}

/** A lost answer is retried with the same Idempotency-Key after these pauses, then left to the attendant. */
const recordRetryDelaysMs = [1_000, 2_000];

interface KioskState {
  eventId: string | null;
  /** The chosen event's offer (GET /v2/events/{id}/offer with the applied code). */
  offer: Loadable<OfferView>;
  /** Why the last offer could not be read, in the customer's terms (lib/kiosk-trouble.ts). */
  offerTrouble: KioskTrouble | null;
  tierId: string | null;
  stage: KioskStage;
  quantity: number;
  /**
   * What the customer is typing in the access code field, and the code the server accepted. The
   * kiosk never knows any tier's code: it only asks the server whether this one opens something.
   */
  codeText: string;
  code: string;
  /** The access code box is open (I have an access code): a customer's step like any other. */
  codeOpen: boolean;
  codeNote: string | null;
  checkingCode: boolean;
  buyerName: string;
  buyerEmail: string;
  fieldErrors: Record<string, string>;
  /** A message above the current step ("Card declined", a sold-out tier). */
  note: string | null;
  /** The Idempotency-Key of the payment attempt in progress; one per attempt, never reused after. */
  attemptKey: string | null;
  /** The checkout body of the approved attempt, resent unchanged on retry. */
  approvedBody: CheckoutBody | null;
  /** What the terminal approved, as text, for the attendant if the tickets cannot be issued. */
  approvedAmount: string | null;
  order: OrderView | null;
  failure: RecordFailure | null;
  terminal: PaymentTerminal;

  chooseEvent(eventId: string | null): void;
  loadOffer(eventId: string): Promise<void>;
  openCode(): void;
  setCodeText(text: string): void;
  applyCode(eventId: string): Promise<boolean>;
  clearCode(eventId: string): Promise<void>;
  chooseTier(tierId: string): void;
  setQuantity(quantity: number, max: number): void;
  toDetails(): void;
  setBuyer(field: 'buyerName' | 'buyerEmail', value: string): void;
  back(): void;
  pay(event: EventView): Promise<void>;
  cancelPayment(): void;
  retryRecord(): Promise<void>;
  refreshTickets(): Promise<void>;
  setTerminal(terminal: PaymentTerminal): void;
  reset(): void;
}

/** The server's check of the attendant PIN (POST /v2/kiosk/attendant_check); throws when refused. */
export async function checkAttendantPin(pin: string): Promise<void> {
  try {
    await unwrap(requireClient().POST('/v2/kiosk/attendant_check', { body: { pin } }));
  } catch (err) {
    throw new Error(attendantPinWords(err));
  }
}

/** The kiosk's own terminal; the server checks the attendant's PIN. A terminal integration replaces it. */
export const attendantTerminal = new AttendantTerminal(checkAttendantPin);

const startState = {
  eventId: null,
  offer: idle<OfferView>(),
  offerTrouble: null as KioskTrouble | null,
  tierId: null,
  stage: 'browse' as KioskStage,
  quantity: 1,
  codeText: '',
  code: '',
  codeOpen: false,
  codeNote: null,
  checkingCode: false,
  buyerName: '',
  buyerEmail: '',
  fieldErrors: {},
  note: null,
  attemptKey: null,
  approvedBody: null,
  approvedAmount: null,
  order: null,
  failure: null,
};

/**
 * A charge kept from before a reload (lib/kiosk-charge-keeper.ts): the kiosk comes back on
 * "Please call the attendant", where only a recorded order or the attendant's PIN clears it.
 */
function restoredCharge(): Partial<KioskState> {
  const kept = keptCharge(tabStorage());
  if (!kept) return {};
  return {
    eventId: kept.body.event_id,
    stage: 'record_failed',
    attemptKey: kept.attemptKey,
    approvedBody: kept.body,
    approvedAmount: kept.amount,
    failure: {
      message: kept.failure?.message ?? reloadedChargeWords,
      // Sent with the same Idempotency-Key, a retry records the paid order once, never twice.
      retryable: kept.failure?.retryable ?? true,
      charged: kept.amount,
      ...(kept.failure?.unsure ? { unsure: true as const } : {}),
    },
  };
}

/**
 * Nothing a customer did is on screen: no event chosen, no step, no code box (open, typed, refused
 * or applied), no note. Only then has the idle reset (and Start over) nothing to undo. The code
 * box used to live in its component alone, so one opened and left empty on the first screen (one
 * event on sale: its tickets) stayed open for the next customer.
 */
export function kioskAtStart(
  s: Pick<KioskState, 'stage' | 'eventId' | 'codeOpen' | 'codeText' | 'code' | 'codeNote' | 'note'>,
): boolean {
  return (
    s.stage === 'browse' &&
    s.eventId === null &&
    !s.codeOpen &&
    s.codeText === '' &&
    !s.code &&
    s.codeNote === null &&
    s.note === null
  );
}

let paymentAbort: AbortController | null = null;
/** A pay() under way, from reading the offer again to the order recorded or the card refused. */
let payStarted = false;
/** Numbers offer requests, so an answer that arrives after a newer request is dropped. */
let offerSeq = 0;
/**
 * Counts the customer's moves between steps (and Start over), so a payment whose offer re-read
 * outlived the step it was pressed on stops there: Start over pressed meanwhile used to be
 * overruled by the answer, which started the last customer's payment on the next one's screen.
 */
let stepSeq = 0;
/**
 * Counts fresh starts (Start over, the idle reset, the browser's Back, another event chosen), so
 * the answer to a code still being checked when the customer left is dropped: it used to apply the
 * last customer's code, and the tiers it opens, to the next customer's first screen.
 */
let visitSeq = 0;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The event's offer, with the code when one was applied; the server compares it. */
const fetchOffer = (eventId: string, code: string): Promise<OfferView> =>
  unwrap(
    requireClient().GET('/v2/events/{id}/offer', {
      params: { path: { id: eventId }, query: code ? { access_code: code } : {} },
    }),
  );

/** The self-service sale. Tier and stock rules are the till's (lib/tier-sale-state.ts). */
export const useKiosk = create<KioskState>()((set, get) => {
  /** POST /v2/orders for the approved attempt, retrying a lost answer with the same key. */
  const record = async (): Promise<void> => {
    const { approvedBody, attemptKey } = get();
    if (!approvedBody || !attemptKey) return;
    set({ stage: 'recording', failure: null });
    for (let attempt = 0; ; attempt++) {
      try {
        const order = await unwrap(
          requireClient().POST('/v2/orders', {
            body: approvedBody,
            headers: { 'Idempotency-Key': attemptKey },
          }),
        );
        forgetCharge(tabStorage());
        set({
          stage: 'done',
          order,
          attemptKey: null,
          approvedBody: null,
          approvedAmount: null,
          failure: null,
        });
        void get().loadOffer(approvedBody.event_id);
        return;
      } catch (err) {
        const network = err instanceof ApiRequestError && err.isNetwork;
        const delay = recordRetryDelaysMs[attempt];
        if (network && delay !== undefined) {
          await sleep(delay);
          continue;
        }
        const failure = {
          message: network
            ? 'The card payment went through, but the venue server cannot be reached to issue the tickets. Trying again will not charge the card twice.'
            : `The card payment went through, but the tickets could not be issued: ${messageOf(err)}`,
          retryable: network,
        };
        const charged = get().approvedAmount ?? '';
        keepCharge(tabStorage(), { attemptKey, body: approvedBody, amount: charged, failure });
        set({ stage: 'record_failed', failure: { ...failure, charged } });
        return;
      }
    }
  };

  /**
   * The offer read again as a customer starts (a tier chosen) and each time they reach the
   * details step: whether Pay by card is offered (`kiosk_attendant_pin_set`) must not wait for the
   * screen's 15-second refresh after a manager set or removed the attendant PIN for them. One read
   * per press, never a loop: an idle kiosk still reads every 15 s only.
   */
  const rereadOffer = (): void => {
    const eventId = get().eventId ?? get().offer.data?.event.id;
    if (eventId) void get().loadOffer(eventId);
  };

  /** Pay by card: the offer read again, then the terminal, then the order (see pay()). */
  const payNow = async (event: EventView): Promise<void> => {
    const state = get();
    if (state.stage !== 'details' || !state.tierId) return;
    const { buyer, problems } = kioskBuyer(state.buyerName, state.buyerEmail);
    if (!buyer) {
      set({ fieldErrors: problems });
      return;
    }
    // The price the customer has been reading on the way here.
    const seen = get().offer.data?.tiers.find((t) => t.id === state.tierId);
    // Fresh numbers before charging anyone: another till may have sold the last seats, and the
    // server says again whether the code still opens the tier.
    const step = stepSeq;
    await get().loadOffer(event.id);
    if (step !== stepSeq) return; // the customer left the step (Start over, Back) meanwhile
    if (get().offer.state === 'error') {
      // Without the server's word on the seats, no card is taken: the approval could not be
      // recorded anyway, and the attendant would be left refunding a charge.
      set({ note: payStoppedWords(get().offerTrouble ?? 'unreachable') });
      return;
    }
    if (get().offer.data?.kiosk_attendant_pin_set === false) {
      // The PIN was removed while the customer typed: no approval could succeed.
      set({ note: cardNotReadyWords });
      return;
    }
    const tier = get().offer.data?.tiers.find((t) => t.id === state.tierId);
    const sale = tier ? tierSaleState(tier, event, Date.now()) : null;
    if (!tier || !sale?.sellable) {
      set({
        stage: 'browse',
        tierId: null,
        note: `Sorry, ${tier?.name ?? 'that ticket'} is no longer available (${sale?.label ?? 'removed'}).`,
      });
      return;
    }
    if (state.quantity > sale.maxQuantity) {
      set({
        stage: 'quantity',
        quantity: sale.maxQuantity,
        note: `Only ${sale.maxQuantity} can be bought now; the number was lowered.`,
      });
      return;
    }
    if (seen && seen.price_cents !== tier.price_cents) {
      // Repriced since the customer chose: they are shown the new total before any card is read.
      set({ note: kioskRepricedWords(tier, seen.price_cents, state.quantity) });
      return;
    }
    const cents = tier.price_cents * state.quantity;
    const body: CheckoutBody = {
      event_id: event.id,
      items: [{ tier_id: tier.id, quantity: state.quantity }],
      buyer,
      payment_method: 'card',
      ...(tier.unlocked ? { access_code: get().code } : {}),
      // The amount the card is charged: a tier repriced while it is read is refused
      // (price_changed), not recorded at a total the customer never paid.
      expected_total_cents: cents,
    };
    // One key per attempt: a declined or cancelled attempt's key is dropped with it.
    const attemptKey = newIdempotencyKey();
    const abort = new AbortController();
    paymentAbort = abort;
    const amount = formatMoney(cents, tier.currency);
    // Kept while the terminal is asked: a reload (F5, a restarted kiosk browser) ends the wait for
    // its answer, and used to bring back the first screen while the card might be charged. It now
    // comes back on "Please call the attendant", never with Try again: no approval was seen.
    keepCharge(tabStorage(), {
      attemptKey,
      body,
      amount,
      failure: { message: reloadedPayingWords, retryable: false, unsure: true },
    });
    set({ stage: 'paying', attemptKey, note: null, fieldErrors: {} });
    let result;
    try {
      result = await get().terminal.requestPayment(
        { cents, currency: tier.currency, reference: attemptKey },
        abort.signal,
      );
    } catch (err) {
      result = 'declined' as const;
      set({ note: `The card terminal failed: ${messageOf(err)}` });
    } finally {
      paymentAbort = null;
    }
    if (get().attemptKey !== attemptKey) return; // reset while waiting
    if (result !== 'approved') {
      forgetCharge(tabStorage());
      set({
        stage: 'details',
        attemptKey: null,
        note:
          result === 'declined'
            ? (get().note ?? 'The card was declined. Nothing was charged. Try again or use another card.')
            : 'Payment cancelled. Nothing was charged.',
      });
      return;
    }
    // Approved, kept before the order is sent: a reload from here on offers Try again.
    keepCharge(tabStorage(), { attemptKey, body, amount, failure: null });
    set({ approvedBody: body, approvedAmount: amount });
    await record();
  };

  return {
    ...startState,
    ...restoredCharge(),
    terminal: attendantTerminal,

    chooseEvent: (eventId) => {
      stepSeq++;
      visitSeq++;
      set({ ...startState, eventId });
    },

    async loadOffer(eventId) {
      const { code, offer } = get();
      // Only the latest request's answer is shown: the customer may have moved on meanwhile.
      const seq = ++offerSeq;
      set({ offer: loading(offer.data?.event.id === eventId ? offer : undefined) });
      try {
        const fresh = await fetchOffer(eventId, code);
        if (seq === offerSeq) set({ offer: ready(fresh), offerTrouble: null });
      } catch (err) {
        if (seq !== offerSeq) return;
        if (err instanceof ApiRequestError && err.code === 'invalid_access_code') {
          // The code stopped opening anything (a tier was changed): back to the public offer.
          set({ code: '', codeNote: 'That access code is no longer valid. Enter it again.' });
          return get().loadOffer(eventId);
        }
        set({ offer: failed(messageOf(err), get().offer), offerTrouble: kioskTrouble(err) });
      }
    },

    openCode: () => set({ codeOpen: true }),

    setCodeText: (codeText) => set({ codeText, codeNote: null }),

    async applyCode(eventId) {
      const typed = get().codeText.trim();
      if (!typed) return false;
      set({ checkingCode: true, codeNote: null });
      const seq = ++offerSeq;
      const visit = visitSeq;
      try {
        const offer = await fetchOffer(eventId, typed);
        if (visit !== visitSeq) return false; // the customer started over meanwhile
        set({ code: typed, codeNote: null, checkingCode: false });
        if (seq === offerSeq) set({ offer: ready(offer) });
        return true;
      } catch (err) {
        if (visit !== visitSeq) return false;
        set({ code: '', checkingCode: false, codeNote: codeRefusalWords(err) });
        return false;
      }
    },

    async clearCode(eventId) {
      set({ code: '', codeText: '', codeNote: null });
      await get().loadOffer(eventId);
    },

    chooseTier: (tierId) => {
      stepSeq++;
      set({ tierId, stage: 'quantity', quantity: 1, note: null, fieldErrors: {} });
      rereadOffer();
    },

    setQuantity: (quantity, max) => set({ quantity: Math.min(Math.max(1, quantity), Math.max(1, max)) }),

    toDetails: () => {
      stepSeq++;
      set({ stage: 'details', note: null, fieldErrors: {} });
      rereadOffer();
    },

    setBuyer: (field, value) => set({ [field]: value, fieldErrors: {}, note: null }),

    back() {
      stepSeq++;
      const { stage } = get();
      if (stage === 'details') set({ stage: 'quantity', note: null, fieldErrors: {} });
      else if (stage === 'quantity') set({ stage: 'browse', tierId: null, note: null });
      else if (stage === 'browse') {
        visitSeq++;
        set({ ...startState });
      }
    },

    async pay(event) {
      // A double tap on Pay by card came here twice while the offer was read again: the second
      // payment replaced the first, whose end then dropped the second's Cancel, and the customer
      // was left on "Pay by card" with a Cancel that did nothing. One payment at a time.
      if (payStarted) return;
      payStarted = true;
      try {
        await payNow(event);
      } finally {
        payStarted = false;
      }
    },

    cancelPayment() {
      paymentAbort?.abort();
    },

    retryRecord: () => record(),

    async refreshTickets() {
      const order = get().order;
      if (!order) return;
      try {
        const fresh = await unwrap(
          requireClient().GET('/v2/orders/{id}', { params: { path: { id: order.id } } }),
        );
        if (get().order?.id === fresh.id) set({ order: fresh });
      } catch {
        // The codes on screen stay; the door accepts them until they expire.
      }
    },

    setTerminal: (terminal) => set({ terminal }),

    reset() {
      stepSeq++;
      visitSeq++;
      paymentAbort?.abort();
      forgetCharge(tabStorage());
      set({ ...startState });
    },
  };
});
