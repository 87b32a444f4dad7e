import { ApiRequestError } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { CheckoutBody, OrderView } from '../api/types.js';
import { answerDeadline } from '../lib/unanswered-sale.js';
import { requireClient } from './session-store.js';

// How the till sends a sale, and finds out what the server made of the tries sent under one
// Idempotency-Key whose answers were lost (the sale store decides what to show).

/** POST /v2/orders, given up on after saleAnswerMs (then it counts as unanswered). */
export async function postOrder(body: CheckoutBody, key: string): Promise<OrderView> {
  const deadline = answerDeadline();
  try {
    return await unwrap(
      requireClient().POST('/v2/orders', {
        body,
        headers: { 'Idempotency-Key': key },
        signal: deadline.signal,
      }),
    );
  } finally {
    deadline.clear();
  }
}

export type EarlierAnswer =
  | { state: 'sold'; order: OrderView; index: number }
  | { state: 'refused'; error: ApiRequestError }
  | { state: 'unknown'; keyRefused?: boolean }
  | { state: 'dropped' };

/** Answers that say nothing of what the server made of the sale: ask again later. */
const noVerdict = new Set([401, 403, 429]);

/**
 * A try of a sale sent again to settle it: with the shift it was first sent in, so that a shift
 * cashed up since keeps it as a late sale (docs/api.md "Late sales") rather than the drawer open
 * now; and as it was first sent, which the server replays if it had recorded that try.
 */
export function settlingTries(body: CheckoutBody, shiftId: string | null): CheckoutBody[] {
  if (shiftId === null || body.shift_id !== undefined) return [body];
  return [{ ...body, shift_id: shiftId }, body];
}

/**
 * What the server made of the tries sent under `key`, by sending them again in turn: the one it
 * has answers as it did (a replay), the others are refused as another body under the key. The
 * first of `bodies` is sold if none of them was, as pressing Complete sale again would; named
 * with `shiftId`, the shift it was first sent in (settlingTries).
 */
export async function firstAnswer(
  bodies: readonly CheckoutBody[],
  key: string,
  shiftId: string | null = null,
): Promise<EarlierAnswer> {
  const tries = bodies.flatMap((body, index) =>
    settlingTries(body, shiftId).map((sent) => ({ sent, index })),
  );
  for (const { sent, index } of tries) {
    try {
      return { state: 'sold', order: await postOrder(sent, key), index };
    } catch (err) {
      if (!(err instanceof ApiRequestError) || err.isNetwork || err.status >= 500)
        return { state: 'unknown' };
      if (err.code === 'idempotency_key_reused') continue;
      // Another tab still sending it, a key revoked meanwhile: no word on the sale either way.
      if (err.code === 'idempotency_key_in_use' || noVerdict.has(err.status))
        return { state: 'unknown', keyRefused: err.status === 401 };
      return { state: 'refused', error: err };
    }
  }
  return { state: 'unknown' };
}
