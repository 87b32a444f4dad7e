import type { Server } from 'node:http';

/**
 * How long a client has to send one whole request, head and body, counted from its first byte.
 * Without a deadline a request whose body stops arriving holds its connection for ever, and a
 * few hundred of them from one phone on the venue Wi-Fi use up the process's file descriptors:
 * then no till, door or kiosk can connect (docs/api.md "Slow clients"). The body limit (1 MiB)
 * arrives well within it over any working Wi-Fi, and a scan feed is untouched: a GET's request is
 * complete at its head, and the deadline does not cover the answer.
 */
export const defaultRequestTimeoutMs = 60_000;

/** The timing a listener needs to keep the deadline, to within a quarter of it (at most 5 s late). */
export interface RequestDeadline {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
}

export function requestDeadline(timeoutMs = defaultRequestTimeoutMs): RequestDeadline {
  return {
    requestTimeout: timeoutMs,
    // Node refuses a head deadline past the whole request's; its own default is 60 s.
    headersTimeout: Math.min(timeoutMs, 60_000),
    // Node checks open requests against the deadline on this interval (its default, 30 s, would
    // let a stalled request outlive a short deadline by that much).
    connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(timeoutMs / 4))),
  };
}

/**
 * Sets the deadline on a server not listening yet (Node starts its checks on 'listening'). A
 * request past it is answered 408 `request_timeout` by the clientError handler, and closed.
 */
export function applyRequestDeadline(server: Server, deadline: RequestDeadline): void {
  // connectionsCheckingInterval is a constructor option in Node's types, but read as a property
  // when the server starts listening, like the other two.
  Object.assign(server, deadline);
}

/** The deadline `server` keeps, to give a listener beside it the same. */
export function deadlineOf(server: Server): RequestDeadline {
  const { requestTimeout, headersTimeout } = server;
  const { connectionsCheckingInterval } = server as Server & { connectionsCheckingInterval: number };
  return { requestTimeout, headersTimeout, connectionsCheckingInterval };
}
