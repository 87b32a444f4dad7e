/** Probe interval while a receiver is unreachable; the contract asks for at least every 15 s. */
export const defaultProbeMs = 10_000;
export const maxProbeMs = 15_000;
/** Deliveries in flight per endpoint: enough to drain a backlog fast, few enough for any receiver. */
export const defaultConcurrency = 16;
