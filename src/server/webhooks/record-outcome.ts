import type { DispatcherDeps, DispatcherOptions } from './dispatcher-wiring.js';
import { nextAttemptAt, parseRetryAfter } from './retry-schedule.js';
import type { AttemptResult } from './transport.js';

export interface Outcome {
  endpointId: string;
  deliveryId: string;
  /** Counted failures before this attempt: the delivery's place in the retry schedule. */
  failures: number;
  startedAt: number;
  at: number;
  result: AttemptResult;
}

export type Effect = 'delivered' | 'failed' | 'disabled' | 'offline' | 'none';

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * One attempt's outcome, written to the delivery row (inside the dispatcher's transaction) and
 * to the endpoint's in-memory health.
 */
export function recordOutcome(
  outcome: Outcome,
  deps: Pick<DispatcherDeps, 'deliveries' | 'endpointsRepo' | 'health'>,
  options: Pick<DispatcherOptions, 'probeMs' | 'retryScheduleMs'>,
): Effect {
  const { deliveries, health } = deps;
  const { result, deliveryId: id, at } = outcome;
  const state = health.get(outcome.endpointId);
  switch (result.kind) {
    case 'aborted':
      return 'none';
    case 'offline':
      deliveries.markOffline(id, at, `offline: ${result.error}`);
      if (state.online) {
        state.online = false;
        state.offlineSince = at;
      }
      state.nextProbeAt = Math.max(state.nextProbeAt, outcome.startedAt + options.probeMs);
      return 'offline';
    case 'error':
      markOnline(state);
      fail(outcome, null, result.error, null, deps, options);
      return 'failed';
    case 'response': {
      markOnline(state);
      const { status } = result;
      if (isSuccess(status)) {
        deliveries.markDelivered(id, at, status);
        return 'delivered';
      }
      if (status === 410) {
        deliveries.markGone(id, at, status, 'HTTP 410 Gone: endpoint disabled');
        const endpoint = deps.endpointsRepo.find(outcome.endpointId);
        if (endpoint?.status !== 'enabled') return 'failed';
        deps.endpointsRepo.update(outcome.endpointId, { status: 'disabled', disabled_reason: 'gone' }, at);
        return 'disabled';
      }
      const retryAfter = status === 429 || status === 503 ? parseRetryAfter(result.retryAfter, at) : null;
      if (retryAfter !== null) state.pausedUntil = Math.max(state.pausedUntil, at + retryAfter);
      fail(outcome, status, `HTTP ${status}`, retryAfter, deps, options);
      return 'failed';
    }
  }
}

function markOnline(state: { online: boolean; offlineSince: number | null }) {
  state.online = true;
  state.offlineSince = null;
}

function fail(
  outcome: Outcome,
  code: number | null,
  error: string,
  retryAfterMs: number | null,
  deps: Pick<DispatcherDeps, 'deliveries'>,
  options: Pick<DispatcherOptions, 'retryScheduleMs'>,
): void {
  const next = nextAttemptAt(outcome.failures + 1, outcome.at, options.retryScheduleMs, retryAfterMs);
  deps.deliveries.markFailed(outcome.deliveryId, outcome.at, code, error, next);
}
