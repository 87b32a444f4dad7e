import { useState } from 'react';
import { deliveryErrorText } from '../../lib/delivery-error.js';
import { messageOf } from '../../api/api-error.js';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../api/webhook-types.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { formatClockSeconds, relativeTo } from '../../lib/humanize.js';
import { useWebhooks, type DeliveryFilter } from '../../stores/webhooks-store.js';

const tone: Record<WebhookDeliveryView['status'], string> = {
  delivered: 'good',
  pending: 'warn',
  failed: 'bad',
};

const filters: { value: DeliveryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

function codeTone(code: number | null): string {
  if (code === null) return 'muted';
  if (code >= 200 && code < 300) return 'good';
  return code >= 500 || code === 410 ? 'bad' : 'warn';
}

/** When a pending delivery goes out, in words: an offline receiver's due deliveries wait for a probe. */
function nextAttempt(
  d: WebhookDeliveryView,
  endpoint: WebhookEndpointView,
  online: boolean,
  now: number,
): string {
  if (endpoint.status === 'disabled') return 'held (endpoint disabled)';
  const due = d.next_attempt_at === null || Date.parse(d.next_attempt_at) <= now;
  if (!due) return relativeTo(d.next_attempt_at, now);
  return online ? 'due now' : 'waiting for the receiver (probing)';
}

/** One endpoint's deliveries, newest first, with the receiver's answer and what happens next. */
export function DeliveryLog({
  endpoint,
  online,
  now,
}: {
  endpoint: WebhookEndpointView;
  /** What the dispatcher last saw of the receiver (from the status). */
  online: boolean;
  now: number;
}) {
  const deliveries = useWebhooks((s) => s.deliveries);
  const filter = useWebhooks((s) => s.filter);
  const setFilter = useWebhooks((s) => s.setFilter);
  const loadDeliveries = useWebhooks((s) => s.loadDeliveries);
  const retryDelivery = useWebhooks((s) => s.retryDelivery);
  const [note, setNote] = useState<string | null>(null);

  const retry = async (delivery: WebhookDeliveryView) => {
    try {
      await retryDelivery(delivery.id);
      setNote(`${delivery.type} (${delivery.id}) is due again now.`);
    } catch (err) {
      setNote(messageOf(err));
    }
  };

  const list = deliveries.data;
  return (
    <section className="panel delivery-log" aria-labelledby="log-title">
      <div className="panel-head">
        <h2 id="log-title">
          Delivery log <span className="muted small">{endpoint.url}</span>
        </h2>
        <label className="inline-label">
          Show{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value as DeliveryFilter)}>
            {filters.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/* Always there, so a screen reader already watches it when Retry's answer is written in. */}
      <p className={note ? 'note small' : 'visually-hidden'} role="status" data-testid="delivery-note">
        {note}
      </p>
      {deliveries.state === 'error' && !list ? (
        <ErrorNote message={deliveries.error} onRetry={() => void loadDeliveries()} />
      ) : null}
      {list === null && deliveries.state !== 'error' ? <Loading what="deliveries" /> : null}
      {list && list.length === 0 ? (
        <Empty>
          {filter === 'all'
            ? 'Nothing sent to this endpoint yet. Deliveries appear with the next sale, scan or change it listens for.'
            : `No ${filter} deliveries.`}
        </Empty>
      ) : null}
      {list && list.length > 0 ? (
        <table className="table deliveries-table">
          <thead>
            <tr>
              <th>Written</th>
              <th>Kind</th>
              <th>Status</th>
              <th className="num">Attempts</th>
              <th>Response</th>
              <th>Last attempt</th>
              <th>Next attempt</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.id} data-delivery={d.id} data-status={d.status}>
                <td className="small nowrap" title={d.message_id}>
                  {formatClockSeconds(Date.parse(d.created_at))}
                </td>
                <td>
                  <code>{d.type}</code>
                </td>
                <td>
                  <span className={`badge badge-${tone[d.status]}`}>{d.status}</span>
                </td>
                <td className="num">{d.attempts}</td>
                <td className="small">
                  {d.last_response_code !== null ? (
                    <span className={`badge badge-${codeTone(d.last_response_code)} response-code`}>
                      HTTP {d.last_response_code}
                    </span>
                  ) : null}
                  {d.last_error && d.status !== 'delivered' ? (
                    <div className="delivery-error">{deliveryErrorText(d.last_error)}</div>
                  ) : null}
                  {d.last_response_code === null && !d.last_error ? <span className="muted">—</span> : null}
                </td>
                <td className="small">{relativeTo(d.last_attempt_at, now)}</td>
                <td className="small">
                  {d.status === 'pending'
                    ? nextAttempt(d, endpoint, online, now)
                    : d.status === 'delivered'
                      ? `delivered ${relativeTo(d.delivered_at, now)}`
                      : 'no more (schedule used up)'}
                </td>
                <td>
                  <button type="button" className="button button-small" onClick={() => void retry(d)}>
                    {d.status === 'delivered' ? 'Send again' : 'Retry'}
                    <span className="visually-hidden">
                      {' '}
                      {d.type} of {formatClockSeconds(Date.parse(d.created_at))}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list && list.length >= 50 ? <p className="muted small">The newest 50 are shown.</p> : null}
    </section>
  );
}
