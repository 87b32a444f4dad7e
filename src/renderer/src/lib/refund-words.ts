import { formatCount } from './count.js';
import type { BulkRefundView, OrderView, RefundMethod, RefundView, ShiftView } from '../api/types.js';
import { amountExample, formatMoney, moneyProblemWords, readMoney } from './money.js';

export const refundMethods: readonly RefundMethod[] = ['cash', 'card', 'other'];

export const refundMethodLabels: Record<RefundMethod, string> = {
  cash: 'Cash from the drawer',
  card: 'Back to the card',
  other: 'Some other way',
};

/** The server's own default (domain/refund-ledger.ts): money goes back the way it came. */
export function defaultRefundMethod(order: Pick<OrderView, 'payment_method'>): RefundMethod {
  return order.payment_method === 'cash' || order.payment_method === 'card' ? order.payment_method : 'other';
}

const wentBack: Record<RefundMethod, string> = {
  cash: 'in cash',
  card: 'to the card',
  other: 'another way',
};

/**
 * One refund as staff read it: every refund on an order has already been paid back, so it never
 * says "requested" (the API's word for "made through the refund button", which read as pending).
 * "$5.00 refunded in cash — Came back for a cheaper seat", "$25.00 refunded to the card, ticket
 * tik_… voided".
 */
export function refundLine(refund: RefundView, currency: string): string {
  const how = refund.method ? ` ${wentBack[refund.method]}` : '';
  const voided = refund.ticket_id ? `, ticket ${refund.ticket_id} voided` : ', a ticket voided';
  const why = refund.reason === 'ticket_voided' ? voided : '';
  const note = refund.note ? ` — ${refund.note}` : '';
  return `${formatMoney(refund.amount_cents, currency)} refunded${how}${why}${note}`;
}

/**
 * What a part refund of `cents` (null: nothing readable typed yet) does to the order's tickets. A part
 * that uses up everything left is a full refund, and the server then voids the active tickets:
 * promising they "keep working" then was wrong (a guest would be turned away at the door).
 */
export function partRefundNote(
  order: Pick<OrderView, 'total_cents' | 'refunded_cents' | 'currency' | 'tickets'>,
  cents: number | null,
): string | null {
  const active = order.tickets.filter((t) => t.status === 'active').length;
  const left = order.total_cents - order.refunded_cents;
  if (cents !== null && cents > left) {
    return `Only ${formatMoney(left, order.currency)} is left to refund on this order.`;
  }
  if (active === 0) return null;
  const tickets = active === 1 ? 'its ticket' : `its ${active} tickets`;
  if (cents !== null && cents === left) {
    const stop = active === 1 ? 'stops' : 'stop';
    return `That is everything left: the order is refunded in full and ${tickets} ${stop} working at the door.`;
  }
  return `${active === 1 ? 'The ticket keeps' : `All ${active} tickets keep`} working at the door. To give back one ticket's price and stop that ticket, cancel this and use Void… on its row.`;
}

const ordersWord = (n: number) => `${n} paid order${n === 1 ? '' : 's'}`;
const freeWord = (n: number) => `${n} free ticket${n === 1 ? '' : 's'}`;

/**
 * What refunding a cancelled event would do, from its preview, lower case to follow "Also":
 * "refund 3 paid orders, … and void 2 free tickets …"; empty when it would do nothing.
 */
export function bulkRefundPlanWords(preview: BulkRefundView): string {
  const total = formatMoney(preview.amount_cents, preview.currency);
  return [
    preview.orders > 0
      ? `refund ${ordersWord(preview.orders)}, ${total} in all, each the way it was paid (their tickets are voided)`
      : null,
    preview.voided_tickets > 0
      ? `void ${freeWord(preview.voided_tickets)} (comps, free tiers: no money to give back)`
      : null,
  ]
    .filter(Boolean)
    .join(', and ');
}

/** What the refund moved, as the event's page then says it (the count may have grown meanwhile). */
export function bulkRefundDoneWords(done: BulkRefundView): string {
  if (done.orders > 0) {
    const free =
      done.voided_tickets > 0 ? ` Voided ${freeWord(done.voided_tickets)} (comps, free tiers) too.` : '';
    return `Refunded ${formatMoney(done.amount_cents, done.currency)} on ${ordersWord(done.orders)}, each the way it was paid; their tickets are voided.${free}`;
  }
  return done.voided_tickets > 0
    ? `Voided ${freeWord(done.voided_tickets)} (comps, free tiers); no order had money to give back.`
    : 'No order had money to give back.';
}

/** Nothing paid, only free tickets to void: no refund to speak of. */
const onlyFreeTickets = (preview: BulkRefundView | null): boolean =>
  preview !== null && preview.orders === 0 && preview.voided_tickets > 0;

/** Nothing paid and no ticket left to void: refunding would do nothing. */
export const nothingToRefund = (preview: BulkRefundView | null): boolean =>
  preview !== null && preview.orders === 0 && preview.voided_tickets === 0;

/**
 * The title of the dialog refunding a cancelled event, from its preview (null while counting):
 * what its button will do, so an event of comps alone is not asked about paid orders.
 */
export function bulkRefundTitle(eventTitle: string, preview: BulkRefundView | null): string {
  if (onlyFreeTickets(preview)) return `Void the free tickets of ${eventTitle}?`;
  if (nothingToRefund(preview)) return `Nothing to refund for ${eventTitle}`;
  return `Refund the paid orders of ${eventTitle}?`;
}

/**
 * What the event's page says after a cancel that refunded nothing yet, from the preview counted
 * when the dialog opened (null: not counted): what is left to do, and only what is.
 */
export function cancelledNotice(preview: BulkRefundView | null): string {
  if (onlyFreeTickets(preview)) return 'Cancelled. Void the free tickets from here when you are ready.';
  if (nothingToRefund(preview)) return 'Cancelled.';
  return 'Cancelled. Refund the paid orders from here or from Orders when you are ready.';
}

/**
 * What the event's page adds after a cancel about telling the ticket holders: how many mails the
 * server queued (null: this cancel changed nothing, so it mailed no one and there is nothing to say).
 */
export function holdersMailedWords(asked: boolean, count: number | null): string {
  if (count === null) return '';
  if (!asked) return 'No ticket holder was emailed.';
  if (count === 0) return 'No ticket holder to email.';
  const who = count === 1 ? '1 ticket holder' : `${count} ticket holders`;
  return `Emailing ${who} that it is cancelled (Settings › Mail shows each mail).`;
}

/** Past this age a card refund is worth a word: terminals and acquirers limit how late they refund. */
export const oldCardPaymentDays = 90;

/**
 * A refund to a card long after the sale (a year-old order for a show called off late): said before
 * the terminal refuses it. Null for another method or a recent order.
 */
export function oldCardRefundNote(
  order: Pick<OrderView, 'created_at'>,
  method: RefundMethod,
  now: number,
): string | null {
  const days = Math.floor((now - Date.parse(order.created_at)) / 86_400_000);
  if (method !== 'card' || days < oldCardPaymentDays) return null;
  return `This order was paid ${formatCount(days)} days ago. A card terminal may no longer refund a payment that old; if it refuses, give the money back another way and choose that method here.`;
}

/** Cash given back from a till with no shift open: no X or Z report counts it (void dialog too). */
export const noShiftRefundWords =
  'no shift is open on this till, so no Z report counts it: note it for the cash-up';

/**
 * Said beside a cash refund when this till has no shift open (`shiftOpen` false; null while not
 * known): the morning after, the manager's refund from the drawer is in no Z report, which
 * the void dialog said and the refund dialog did not. Null otherwise.
 */
export function noShiftRefundNote(method: RefundMethod, shiftOpen: boolean | null): string | null {
  if (method !== 'cash' || shiftOpen !== false) return null;
  return `Cash from the drawer: ${noShiftRefundWords}.`;
}

/**
 * Where an order being refunded was sold, when that was not in this till's open shift (another
 * till, or this one on an earlier night): said before the money goes back, as the refund counts
 * in the drawer of the till making it (domain/refund-ledger.ts), not the one that took the money.
 * `soldAt` is the order's time as the order reads it (the venue's clock). Null when it was sold in
 * this very shift, or `here` is not known yet. "Sold at Till 1, Thu 31 Dec 2026, 19:40. …"
 */
export function soldElsewhereNote(
  sold: Pick<ShiftView, 'id' | 'api_key_id' | 'till_name'>,
  soldAt: string,
  here: Pick<ShiftView, 'id' | 'api_key_id'> | null,
  method: RefundMethod,
): string | null {
  if (here?.id === sold.id) return null;
  const where =
    here?.api_key_id === sold.api_key_id
      ? `Sold at this till in an earlier shift, ${soldAt}.`
      : `Sold at ${sold.till_name ?? 'another till'}, ${soldAt}.`;
  if (method !== 'cash' || here === null) return where;
  return `${where} The cash comes out of this till’s drawer and counts in this shift’s Z report, not that one’s.`;
}

/**
 * A part refund's typed amount as cents, or what is wrong with it in words: nothing or zero typed
 * ("Enter an amount like 25.00."), more than is left, or text that is not money, said as the
 * drawer count says it ("“1.234” is unclear: … For $1,234.00 type 1234."), never a bare "like
 * 25.00" that leaves a manager guessing what was wrong.
 */
export function partRefundAmount(
  text: string,
  currency: string,
  left: number,
): { cents: number } | { problem: string } {
  const read = readMoney(text, currency);
  if ('problem' in read) {
    if (read.problem.kind === 'empty') return { problem: `Enter an amount like ${amountExample(currency)}.` };
    return { problem: moneyProblemWords(read.problem, text, currency, 'the amount to give back') };
  }
  if (read.minor > left) return { problem: `At most ${formatMoney(left, currency)} is left to refund.` };
  if (read.minor <= 0) return { problem: `Enter an amount like ${amountExample(currency)}.` };
  return { cents: read.minor };
}
