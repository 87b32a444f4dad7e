import type { EndpointStatusView, WebhookEndpointView } from '../../api/webhook-types.js';
import { relativeTo } from '../../lib/humanize.js';
import { describeEvents } from '../../lib/webhook-events.js';

export type EndpointAction = 'deliveries' | 'edit' | 'toggle' | 'rotate' | 'retry_failed' | 'delete';

interface EndpointsTableProps {
  endpoints: readonly WebhookEndpointView[];
  counts: readonly EndpointStatusView[];
  selectedId: string | null;
  now: number;
  onAction: (action: EndpointAction, endpoint: WebhookEndpointView) => void;
}

function disabledWhy(endpoint: WebhookEndpointView): string {
  if (endpoint.disabled_reason === 'gone') return 'disabled: the receiver answered 410 Gone';
  return 'disabled';
}

/** Which receiver a row's button acts on, for a screen reader that hears the button alone. */
function EndpointName({ endpoint }: { endpoint: WebhookEndpointView }) {
  return <span className="visually-hidden"> {endpoint.description || endpoint.url}</span>;
}

/** Each receiver with its filter, its queue and what can be done to it. */
export function EndpointsTable({ endpoints, counts, selectedId, now, onAction }: EndpointsTableProps) {
  return (
    <table className="table endpoints-table">
      <thead>
        <tr>
          <th>Receiver</th>
          <th>State</th>
          <th className="num">Queued</th>
          <th className="num">Failing</th>
          <th className="num">Failed</th>
          <th>Last success / failure</th>
          <th aria-label="Actions" />
        </tr>
      </thead>
      <tbody>
        {endpoints.map((endpoint) => {
          const c = counts.find((x) => x.id === endpoint.id);
          const enabled = endpoint.status === 'enabled';
          const selected = endpoint.id === selectedId;
          return (
            <tr
              key={endpoint.id}
              data-endpoint={endpoint.url}
              className={selected ? 'row-selected' : undefined}
            >
              <td className="endpoint-cell">
                <code className="endpoint-url">{endpoint.url}</code>
                {endpoint.description ? <div>{endpoint.description}</div> : null}
                <div className="muted small">{describeEvents(endpoint.events)}</div>
              </td>
              <td>
                {enabled ? (
                  c ? (
                    <span className={`badge badge-${c.online ? 'good' : 'bad'} endpoint-online`}>
                      {c.online ? 'online' : 'offline'}
                    </span>
                  ) : (
                    <span className="badge badge-muted">enabled</span>
                  )
                ) : (
                  <span className="badge badge-muted endpoint-online">{disabledWhy(endpoint)}</span>
                )}
              </td>
              <td className="num" data-count="queued">
                {c?.queued ?? '—'}
              </td>
              <td className="num" data-count="failing">
                {c?.failing ?? '—'}
              </td>
              <td className="num" data-count="failed">
                {c?.failed ?? '—'}
              </td>
              <td className="small">
                <div>
                  <span aria-hidden="true">✓</span>
                  <span className="visually-hidden">Last success:</span> {relativeTo(c?.last_success_at, now)}
                </div>
                <div>
                  <span aria-hidden="true">✗</span>
                  <span className="visually-hidden">Last failure:</span> {relativeTo(c?.last_failure_at, now)}
                </div>
              </td>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-pressed={selected}
                    onClick={() => onAction('deliveries', endpoint)}
                  >
                    {selected ? 'Hide log' : 'Delivery log'}
                    <EndpointName endpoint={endpoint} />
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={!c || c.failed === 0}
                    onClick={() => onAction('retry_failed', endpoint)}
                  >
                    Retry all failed{c && c.failed > 0 ? ` (${c.failed})` : ''}
                    <EndpointName endpoint={endpoint} />
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => onAction('edit', endpoint)}
                  >
                    Edit…
                    <EndpointName endpoint={endpoint} />
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => onAction('toggle', endpoint)}
                  >
                    {enabled ? 'Disable' : 'Enable'}
                    <EndpointName endpoint={endpoint} />
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    data-action="rotate"
                    onClick={() => onAction('rotate', endpoint)}
                  >
                    Rotate secret…
                    <EndpointName endpoint={endpoint} />
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => onAction('delete', endpoint)}
                  >
                    Delete…
                    <EndpointName endpoint={endpoint} />
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
