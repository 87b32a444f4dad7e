import { useEffect, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { unwrap } from '../../api/client.js';
import {
  noEmailWords,
  ordersToResend,
  postponeResendKey,
  resendOutcome,
  type OrdersToResend,
} from '../../lib/postpone-resend.js';
import { requireClient } from '../../stores/session-store.js';

/** Pages of 100 orders read at most: a venue's single show, bounded. */
const maxPages = 100;

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; orders: OrdersToResend }
  | { kind: 'sending'; done: number; total: number }
  | { kind: 'done'; text: string };

/**
 * After the doors moved more than a day later: resend the mail of every order with a printed or
 * mailed ticket still held, one at a time, with an Idempotency-Key per order and move.
 */
export function PostponeResend({ eventId, doorsAt }: { eventId: string; doorsAt: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  // Said before, during and after the sending: only a reprint reaches these holders.
  const [noEmail, setNoEmail] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const orders: OrdersToResend = { mail: [], noEmail: [] };
        let cursor: string | undefined;
        for (let page = 0; page < maxPages; page++) {
          const list = await unwrap(
            requireClient().GET('/v2/orders', {
              params: { query: { event_id: eventId, limit: 100, ...(cursor ? { cursor } : {}) } },
            }),
          );
          const found = ordersToResend(list.data);
          orders.mail.push(...found.mail);
          orders.noEmail.push(...found.noEmail);
          if (!list.has_more || !list.next_cursor) break;
          cursor = list.next_cursor;
        }
        if (!live) return;
        setNoEmail(orders.noEmail);
        setPhase({ kind: 'ready', orders });
      } catch (err) {
        if (live) setPhase({ kind: 'failed', message: messageOf(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [eventId]);

  const send = async (orderIds: string[]) => {
    const failures: { orderId: string; message: string }[] = [];
    let queued = 0;
    for (const [i, id] of orderIds.entries()) {
      setPhase({ kind: 'sending', done: i, total: orderIds.length });
      try {
        await unwrap(
          requireClient().POST('/v2/orders/{id}/resend', {
            params: { path: { id } },
            body: {},
            headers: { 'Idempotency-Key': postponeResendKey(eventId, doorsAt, id) },
          }),
        );
        queued++;
      } catch (err) {
        failures.push({ orderId: id, message: messageOf(err) });
      }
    }
    setPhase({ kind: 'done', text: resendOutcome(queued, failures) });
  };

  return (
    <div className="form-warning" data-testid="postpone-resend">
      {phase.kind === 'loading' ? <p>Finding the orders with printed or mailed tickets…</p> : null}
      {phase.kind === 'failed' ? <p role="alert">Could not list the orders: {phase.message}</p> : null}
      {phase.kind === 'ready' && phase.orders.mail.length + phase.orders.noEmail.length === 0 ? (
        <p>No order holds a printed or mailed ticket: nothing to resend.</p>
      ) : null}
      {phase.kind === 'ready' && phase.orders.mail.length > 0 ? (
        <button type="button" onClick={() => void send(phase.orders.mail)}>
          Resend tickets to {phase.orders.mail.length} {phase.orders.mail.length === 1 ? 'order' : 'orders'}
        </button>
      ) : null}
      {noEmail.length > 0 ? <p data-testid="postpone-no-email">{noEmailWords(noEmail)}</p> : null}
      <p role="status">
        {phase.kind === 'sending' ? `Sending ${phase.done + 1} of ${phase.total}…` : null}
        {phase.kind === 'done' ? phase.text : null}
      </p>
    </div>
  );
}
