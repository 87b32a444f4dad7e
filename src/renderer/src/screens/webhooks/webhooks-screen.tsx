import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import type { WebhookEndpointView } from '../../api/webhook-types.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { useNow } from '../../hooks/use-now.js';
import { relativeTo } from '../../lib/humanize.js';
import { useWebhooks } from '../../stores/webhooks-store.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DeliveryLog } from './delivery-log.js';
import { EndpointDialog } from './endpoint-dialog.js';
import type { EndpointAction } from './endpoints-table.js';
import { EndpointsTable } from './endpoints-table.js';
import { QueueSummary } from './queue-summary.js';
import { SecretOnce } from './secret-once.js';
import './webhooks.css';

/** Status is cheap (one indexed count per endpoint), so it is read often enough to watch a backlog drain. */
export const webhookPollMs = 2500;

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpointView }
  | { kind: 'rotate'; endpoint: WebhookEndpointView }
  | { kind: 'delete'; endpoint: WebhookEndpointView }
  | null;

/** `/webhooks` (admin): the outbox's queue, each receiver's delivery log, and its endpoints. */
export function WebhooksScreen() {
  const now = useNow(1000);
  const w = useWebhooks();
  const { poll, loadEndpoints } = w;
  const [open, setOpen] = useState<Open>(null);
  const [note, setNote] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // The secret's panel goes away with its button: the keyboard goes back to what made the secret.
  const dismissSecret = () => {
    const shown = w.secret;
    const rotate = shown?.why === 'rotated' ? rotateButtonOf(shown.url) : null;
    (rotate ?? addButton.current)?.focus();
    w.dismissSecret();
  };

  useEffect(() => {
    void loadEndpoints().then(() => poll());
    const timer = window.setInterval(() => void poll(), webhookPollMs);
    return () => window.clearInterval(timer);
  }, [poll, loadEndpoints]);

  const act = async (action: EndpointAction, endpoint: WebhookEndpointView) => {
    setNote(null);
    try {
      if (action === 'deliveries') w.select(w.selectedId === endpoint.id ? null : endpoint.id);
      else if (action === 'edit') setOpen({ kind: 'edit', endpoint });
      else if (action === 'rotate') setOpen({ kind: 'rotate', endpoint });
      else if (action === 'delete') setOpen({ kind: 'delete', endpoint });
      else if (action === 'toggle') {
        const next = endpoint.status === 'enabled' ? 'disabled' : 'enabled';
        await w.updateEndpoint(endpoint.id, { status: next });
        setNote(
          next === 'disabled'
            ? `${endpoint.url} is disabled: nothing new is queued for it and its pending deliveries wait.`
            : `${endpoint.url} is enabled: what waited is being sent.`,
        );
      } else if (action === 'retry_failed') {
        const retried = await w.retryFailed(endpoint.id);
        setNote(`${retried} failed ${retried === 1 ? 'delivery is' : 'deliveries are'} due again now.`);
      }
    } catch (err) {
      setNote(messageOf(err));
    }
  };

  const status = w.status.data;
  const endpoints = w.endpoints.data;
  const selected = endpoints?.find((e) => e.id === w.selectedId) ?? null;

  return (
    <section className="screen webhooks">
      <div className="screen-head">
        <div>
          <h1>
            Webhooks
            {status ? (
              <span className={`badge badge-${status.online ? 'good' : 'bad'}`}>
                {status.online ? 'online' : 'offline'}
              </span>
            ) : null}
          </h1>
          <p className="muted small">
            Signed POSTs to the organiser’s other systems, queued here while they cannot be reached.
            {w.statusAt
              ? ` Updated ${relativeTo(new Date(Math.min(w.statusAt, now)).toISOString(), now)}.`
              : ''}
          </p>
        </div>
        <div className="head-actions">
          <button
            ref={addButton}
            type="button"
            className="button button-primary"
            onClick={() => setOpen({ kind: 'create' })}
          >
            Add endpoint…
          </button>
        </div>
      </div>

      {w.status.state === 'error' && status ? (
        <p className="note small" role="status">
          Could not refresh the queue ({w.status.error}); showing what was last read, retrying every{' '}
          {webhookPollMs / 1000} s.
        </p>
      ) : null}
      {w.status.state === 'error' && !status ? (
        <ErrorNote message={w.status.error} onRetry={() => void poll()} />
      ) : null}
      {!status && w.status.state !== 'error' ? <Loading what="the webhook queue" /> : null}
      {status ? <QueueSummary status={status} /> : null}

      {w.secret ? (
        <SecretOnce secret={w.secret} canTakeFocus={open === null} onDismiss={dismissSecret} />
      ) : null}
      {note ? (
        <p className="note" role="status">
          {note}
        </p>
      ) : null}

      <section className="panel" aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints</h2>
        {w.endpoints.state === 'error' && !endpoints ? (
          <ErrorNote message={w.endpoints.error} onRetry={() => void loadEndpoints()} />
        ) : null}
        {!endpoints && w.endpoints.state !== 'error' ? <Loading what="endpoints" /> : null}
        {endpoints && endpoints.length === 0 ? (
          <Empty>
            No webhook endpoints yet. Add one to send sales, scans and changes to another system as they
            happen; while it cannot be reached they queue here and go out when it is back.
          </Empty>
        ) : null}
        {endpoints && endpoints.length > 0 ? (
          <EndpointsTable
            endpoints={endpoints}
            counts={status?.endpoints ?? []}
            selectedId={w.selectedId}
            now={now}
            onAction={(action, endpoint) => void act(action, endpoint)}
          />
        ) : null}
      </section>

      {selected ? (
        <DeliveryLog
          endpoint={selected}
          online={status?.endpoints.find((e) => e.id === selected.id)?.online ?? true}
          now={now}
        />
      ) : null}

      {open?.kind === 'create' ? <EndpointDialog endpoint={null} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? (
        <EndpointDialog endpoint={open.endpoint} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'rotate' ? (
        <ConfirmDialog
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          onConfirm={() => w.rotateSecret(open.endpoint.id)}
          onClose={() => setOpen(null)}
        >
          <p>
            A new secret for <code>{open.endpoint.url}</code> is made and shown once. For 24 hours every
            delivery carries both signatures, so the receiver keeps accepting while it is updated.
          </p>
        </ConfirmDialog>
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          danger
          onConfirm={() => w.deleteEndpoint(open.endpoint.id)}
          onClose={() => setOpen(null)}
        >
          <p>
            <code>{open.endpoint.url}</code> stops receiving at once, and its delivery log is deleted with it,
            including anything still queued. To pause it instead, disable it.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function rotateButtonOf(url: string): HTMLElement | null {
  const row = [...document.querySelectorAll<HTMLElement>('tr[data-endpoint]')].find(
    (tr) => tr.dataset.endpoint === url,
  );
  return row?.querySelector<HTMLElement>('button[data-action="rotate"]') ?? null;
}
