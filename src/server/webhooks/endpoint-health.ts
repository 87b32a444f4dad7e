import type { EndpointHealthPort } from '../domain/webhook-port.js';
/** What the dispatcher knows of one endpoint right now; memory only, rebuilt by trying. */
export interface EndpointState {
  /** False after an attempt could not reach the receiver; true again on any HTTP answer. */
  online: boolean;
  offlineSince: number | null;
  /** While offline: when the next probe (one real delivery) may start. */
  nextProbeAt: number;
  /** A 429/503 Retry-After holds every delivery of the endpoint until then. */
  pausedUntil: number;
  /** Deliveries being sent or whose outcome is not yet written. */
  inFlight: Set<string>;
}

/** Shared by the dispatcher (writes) and the status view (reads); a fresh start is optimistic. */
export class EndpointHealth implements EndpointHealthPort {
  private readonly states = new Map<string, EndpointState>();

  get(id: string): EndpointState {
    let state = this.states.get(id);
    if (!state) {
      state = {
        online: true,
        offlineSince: null,
        nextProbeAt: 0,
        pausedUntil: 0,
        inFlight: new Set(),
      };
      this.states.set(id, state);
    }
    return state;
  }

  isOnline(id: string): boolean {
    return this.states.get(id)?.online ?? true;
  }

  /** The clock was stepped back by `ms`: probe and pause times keep their distance from now. */
  clockSteppedBack(ms: number, now: number): void {
    for (const state of this.states.values()) {
      if (state.nextProbeAt > now) state.nextProbeAt = Math.max(now, state.nextProbeAt - ms);
      if (state.pausedUntil > now) state.pausedUntil = Math.max(now, state.pausedUntil - ms);
    }
  }

  /** A changed URL or a re-enabled endpoint deserves a fresh try, not the old verdict. */
  reset(id: string): void {
    const state = this.states.get(id);
    if (!state) return;
    state.online = true;
    state.offlineSince = null;
    state.nextProbeAt = 0;
    state.pausedUntil = 0;
  }
}
