import type { WebhookStatusView } from '../../api/webhook-types.js';
import { humanizeSeconds } from '../../lib/humanize.js';

/** The queue at a glance: can we reach the receivers, and how much is waiting for them. */
export function QueueSummary({ status }: { status: WebhookStatusView }) {
  const enabled = status.endpoints.filter((e) => e.status === 'enabled');
  const offline = enabled.filter((e) => !e.online).length;
  return (
    <dl className="queue-figures">
      <div className={status.online ? 'figure-good' : 'figure-bad'}>
        <dt>Receivers</dt>
        <dd data-testid="queue-online">{status.online ? 'Online' : 'Offline'}</dd>
        <span className="small">
          {enabled.length === 0
            ? 'none enabled'
            : offline === 0
              ? `all ${enabled.length} reachable`
              : `${offline} of ${enabled.length} unreachable; probing`}
        </span>
      </div>
      <div className={status.held_back ? 'figure-warn' : undefined}>
        <dt>Queued</dt>
        <dd data-testid="queue-queued">{status.queued}</dd>
        <span className="small" data-testid="queue-held-back">
          {status.held_back
            ? 'held back: sales have the server at full load; sent once they ease'
            : 'waiting to be delivered'}
        </span>
      </div>
      <div className={status.failing > 0 ? 'figure-warn' : undefined}>
        <dt>Failing</dt>
        <dd data-testid="queue-failing">{status.failing}</dd>
        <span className="small">queued, refused at least once</span>
      </div>
      <div className={status.failed > 0 ? 'figure-bad' : undefined}>
        <dt>Failed</dt>
        <dd data-testid="queue-failed">{status.failed}</dd>
        <span className="small">gave up after 8 attempts</span>
      </div>
      <div>
        <dt>Oldest pending</dt>
        <dd data-testid="queue-oldest">
          {status.oldest_pending_age_seconds === 0 ? '—' : humanizeSeconds(status.oldest_pending_age_seconds)}
        </dd>
        <span className="small">
          {status.oldest_pending_age_seconds === 0 ? 'nothing waiting' : 'waiting so far'}
        </span>
      </div>
    </dl>
  );
}
