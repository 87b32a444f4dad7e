import type { Answer } from '../../../shared/api/path-types.js';

/** What a door needs to call the venue server as itself: its origin and its device key. */
export interface DoorAuth {
  origin: string;
  apiKey: string;
  deviceId: string;
  eventId: string | null;
}

export type EventOccupancy = Answer<'/v2/scan/occupancy', 'get'>;

/** The server answered with a refusal (its envelope's code and message), or could not be reached (status 0). */
export class DoorCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DoorCallError';
  }
}

/** A figure for the status line: no hurry, but not forever. */
const timeoutMs = 4_000;

async function call<T>(auth: DoorAuth, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${auth.origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${auth.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new DoorCallError(0, 'unreachable', 'Cannot reach the venue server.');
  }
  const answer = (await res.json().catch(() => null)) as
    (T & { error?: undefined }) | { error?: { code?: string; message?: string } } | null;
  if (!res.ok) {
    const error = answer && 'error' in answer ? answer.error : undefined;
    throw new DoorCallError(res.status, error?.code ?? 'http_error', error?.message ?? `HTTP ${res.status}`);
  }
  return answer as T;
}

const eventQuery = (auth: DoorAuth): Record<string, string> =>
  auth.eventId ? { event_id: auth.eventId } : {};

export function fetchOccupancy(auth: DoorAuth): Promise<EventOccupancy> {
  return call(auth, 'GET', `/v2/scan/occupancy?${new URLSearchParams(eventQuery(auth))}`);
}
