import { create } from 'zustand';
import { ApiRequestError, messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { CheckoutBody, EventView, OrderView, TierView } from '../api/types.js';
import { AttendantTerminal } from '../lib/attendant-terminal.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { codeUnlocksAny, kioskBuyer } from '../lib/kiosk-offer.js';
import { formatMoney } from '../lib/money.js';
import type { PaymentTerminal } from '../lib/payment-terminal.js';
import { tierSaleState } from '../lib/tier-sale-state.js';
import { useEvents } from './events-store.js';
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
}

/** A lost answer is retried with the same Idempotency-Key after these pauses, then left to the attendant. */
const recordRetryDelaysMs = [1_000, 2_000];

interface KioskState {
  eventId: string | null;
  tierId: string | null;
  stage: KioskStage;
  quantity: number;
  /** What the customer is typing in the access code field, and the code that was applied. */
  codeText: string;
  code: string;
  codeNote: string | null;
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
  setCodeText(text: string): void;
  applyCode(tiers: readonly TierView[]): boolean;
  clearCode(): void;
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

/** The kiosk's own terminal; a terminal integration replaces it with setTerminal(). */
export const attendantTerminal = new AttendantTerminal();

const startState = {
  eventId: null,
  tierId: null,
  stage: 'browse' as KioskStage,
  quantity: 1,
  codeText: '',
  code: '',
  codeNote: null,
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

let paymentAbort: AbortController | null = null;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function tierOf(eventId: string, tierId: string | null): TierView | undefined {
  return useEvents.getState().tiers[eventId]?.data?.find((t) => t.id === tierId);
}

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
        set({
          stage: 'done',
          order,
          attemptKey: null,
          approvedBody: null,
          approvedAmount: null,
          failure: null,
        });
        void useEvents.getState().loadTiers(approvedBody.event_id);
        return;
      } catch (err) {
        const network = err instanceof ApiRequestError && err.isNetwork;
        const delay = recordRetryDelaysMs[attempt];
        if (network && delay !== undefined) {
          await sleep(delay);
          continue;
        }
        set({
          stage: 'record_failed',
          failure: {
            message: network
              ? 'The card payment went through, but the venue server cannot be reached to issue the tickets. Trying again will not charge the card twice.'
              : `The card payment went through, but the tickets could not be issued: ${messageOf(err)}`,
            retryable: network,
            charged: get().approvedAmount ?? '',
          },
        });
        return;
      }
    }
  };

  return {
    ...startState,
    terminal: attendantTerminal,

    chooseEvent: (eventId) => set({ ...startState, eventId }),

    setCodeText: (codeText) => set({ codeText, codeNote: null }),

    applyCode(tiers) {
      const typed = get().codeText.trim();
      const opens = codeUnlocksAny(tiers, typed);
      if (!opens) {
        set({ code: '', codeNote: 'That code does not unlock any tickets for this event.' });
        return false;
      }
      set({ code: typed, codeNote: null });
      return true;
    },

    clearCode: () => set({ code: '', codeText: '', codeNote: null }),

    chooseTier: (tierId) => set({ tierId, stage: 'quantity', quantity: 1, note: null, fieldErrors: {} }),

    setQuantity: (quantity, max) => set({ quantity: Math.min(Math.max(1, quantity), Math.max(1, max)) }),

    toDetails: () => set({ stage: 'details', note: null, fieldErrors: {} }),

    setBuyer: (field, value) => set({ [field]: value, fieldErrors: {}, note: null }),

    back() {
      const { stage } = get();
      if (stage === 'details') set({ stage: 'quantity', note: null, fieldErrors: {} });
      else if (stage === 'quantity') set({ stage: 'browse', tierId: null, note: null });
      else if (stage === 'browse') set({ ...startState });
    },

    async pay(event) {
      const state = get();
      if (state.stage !== 'details' || !state.tierId) return;
      const { buyer, problems } = kioskBuyer(state.buyerName, state.buyerEmail);
      if (!buyer) {
        set({ fieldErrors: problems });
        return;
      }
      // Fresh numbers before charging anyone: another till may have sold the last seats.
      await useEvents.getState().loadTiers(event.id);
      const tier = tierOf(event.id, state.tierId);
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
      if (tier.visibility === 'access_code' && tier.access_code !== state.code) {
        set({
          stage: 'browse',
          tierId: null,
          code: '',
          codeNote: 'That access code is no longer valid. Enter it again.',
        });
        return;
      }

      const body: CheckoutBody = {
        event_id: event.id,
        items: [{ tier_id: tier.id, quantity: state.quantity }],
        buyer,
        payment_method: 'card',
        ...(tier.visibility === 'access_code' ? { access_code: state.code } : {}),
      };
      // One key per attempt: a declined or cancelled attempt's key is dropped with it.
      const attemptKey = newIdempotencyKey();
      const cents = tier.price_cents * state.quantity;
      paymentAbort = new AbortController();
      set({ stage: 'paying', attemptKey, note: null, fieldErrors: {} });
      let result;
      try {
        result = await get().terminal.requestPayment(
          { cents, currency: tier.currency, reference: attemptKey },
          paymentAbort.signal,
        );
      } catch (err) {
        result = 'declined' as const;
        set({ note: `The card terminal failed: ${messageOf(err)}` });
      } finally {
        paymentAbort = null;
      }
      if (get().attemptKey !== attemptKey) return; // reset while waiting
      if (result !== 'approved') {
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
      set({ approvedBody: body, approvedAmount: formatMoney(cents, tier.currency) });
      await record();
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
      paymentAbort?.abort();
      set({ ...startState });
    },
  };
});
