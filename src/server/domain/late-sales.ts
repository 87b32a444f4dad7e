import { invalidField } from '../errors.js';
import type { ShiftReportView } from '../schemas/shifts.js';
import type { ShiftReportRepo } from '../store/shift-report-repo.js';
import type { ShiftsRepo } from '../store/shifts-repo.js';

// Late sales (docs/api.md "Late sales"): a till's sale whose answer was lost is settled later
// under its Idempotency-Key, maybe after its shift was cashed up. Its money went into that
// shift's drawer, so the order joins that shift, not the one open when it reaches the server,
// and the closed shift's report names it apart from the figures its count was made against.

/**
 * The shift an order joins: the till's open one, unless the sale says it was rung up in a shift
 * of this till closed since. The checkout's normal path (no `shift_id`, or the open one's) is the
 * one probe it always made; only a sale naming another shift reads that shift.
 */
export function saleShift(
  shifts: ShiftsRepo,
  apiKeyId: string | null,
  rungUpIn: string | undefined,
): string | null {
  const open = shifts.openFor(apiKeyId);
  if (rungUpIn === undefined || rungUpIn === open) return open;
  const named = shifts.find(rungUpIn);
  if (!named || named.api_key_id !== apiKeyId) {
    throw invalidField(
      'shift_id',
      `Shift ${rungUpIn} is not one of this till's shifts; a sale joins the shift of the till that rang it up.`,
    );
  }
  // One open shift per till: a shift of this till other than the open one has closed.
  return named.id;
}

/** What a closed shift's report adds about its late sales; nothing when it has none. */
export function lateSales(
  repo: ShiftReportRepo,
  shiftId: string,
  closedAt: number,
  currency: string | null,
): Pick<ShiftReportView, 'late_sales'> {
  const orders = repo.lateOrders(shiftId, closedAt);
  if (orders.length === 0) return {};
  const cash = orders.filter((order) => order.payment_method === 'cash' && order.currency === currency);
  return {
    late_sales: {
      order_count: orders.length,
      cash_order_count: cash.length,
      cash_cents: cash.reduce((sum, order) => sum + order.total_cents, 0),
      order_ids: orders.map((order) => order.id),
    },
  };
}
