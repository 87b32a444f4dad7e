/**
 * The scan endpoints of the venue server, over any Transport. Every non-2xx answer becomes a
 * ScannerError carrying the API's error code, so callers never parse envelopes. Browser-safe.
 */
import type {
  CheckInRequest,
  LookupAnswer,
  OccupancyAnswer,
  OrderCheckInAnswer,
  OrderCheckInRequest,
  DoorPack,
  DoorPackQuery,
  ErrorEnvelope,
  PairedAnswer,
  PairRequest,
  SyncAnswer,
  SyncRequest,
  ValidateAnswer,
  ValidateRequest,
} from './api-types.js';
import { ScannerError } from './errors.js';
import type { StreamResponse, Transport, TransportRequest } from './transport.js';
import type { paths } from '../shared/api/path-types.js';

/** Checked against the generated paths, so a renamed route fails the build, not the door. */
const routes = {
  pair: '/v2/devices/pair',
  doorPack: '/v2/scan/door_pack',
  validate: '/v2/scan/validate',
  sync: '/v2/scan/sync',
  feed: '/v2/scans/stream',
  lookup: '/v2/scan/lookup',
  occupancy: '/v2/scan/occupancy',
  checkIn: '/v2/tickets/{id}/check_in',
  orderCheckIn: '/v2/orders/{id}/check_in',
  health: '/v2/health',
} as const satisfies Record<string, keyof paths>;

const withId = (route: string, id: string): string => route.replace('{id}', encodeURIComponent(id));

/** An error body as it may arrive: a proxy or a crashed server need not send the envelope. */
type MaybeEnvelope = { error?: Partial<ErrorEnvelope['error']> } | null;

/** A time as the API's `scanned_at` fields take it. */
export const iso = (ms: number): string => new Date(ms).toISOString();

export class DoorApi {
  constructor(
    readonly transport: Transport,
    private readonly apiKey: string | null,
    /** Told when the server no longer knows this device's key (401 `invalid_api_key`: revoked). */
    private readonly onKeyRefused?: () => void,
  ) {}

  /** `scope`: what this device is, so the server refuses another kind's code without using it. */
  pair(pairingToken: string, name: string, scope?: PairRequest['scope']): Promise<PairedAnswer> {
    const body: PairRequest = { pairing_token: pairingToken, name, ...(scope ? { scope } : {}) };
    return this.call<PairedAnswer>({ method: 'POST', path: routes.pair, body });
  }

  doorPack(eventId: string | null, since: string | null): Promise<DoorPack> {
    // Never holders=false: a door looks guests up offline, so it takes the names (the default).
    const params: Omit<DoorPackQuery, 'holders'> = {
      ...(eventId ? { event_id: eventId } : {}),
      ...(since ? { since } : {}),
    };
    const qs = new URLSearchParams(params).toString();
    return this.call<DoorPack>({
      method: 'GET',
      path: `${routes.doorPack}${qs ? `?${qs}` : ''}`,
      timeoutMs: 60_000,
    });
  }

  validate(
    body: ValidateRequest,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<ValidateAnswer> {
    return this.call<ValidateAnswer>({ method: 'POST', path: routes.validate, body, ...options });
  }

  lookup(eventId: string | null, q: string, options: { timeoutMs?: number } = {}): Promise<LookupAnswer> {
    const qs = new URLSearchParams({ ...(eventId ? { event_id: eventId } : {}), q }).toString();
    return this.call<LookupAnswer>({ method: 'GET', path: `${routes.lookup}?${qs}`, ...options });
  }

  occupancy(eventId: string | null, options: { timeoutMs?: number } = {}): Promise<OccupancyAnswer> {
    const qs = eventId ? `?event_id=${encodeURIComponent(eventId)}` : '';
    return this.call<OccupancyAnswer>({ method: 'GET', path: `${routes.occupancy}${qs}`, ...options });
  }

  /** The server's health; a door asks it to read the answer's Date (health calls are never billed). */
  health(options: { timeoutMs?: number } = {}): Promise<unknown> {
    return this.call<unknown>({ method: 'GET', path: routes.health, ...options });
  }

  checkIn(
    ticketId: string,
    body: CheckInRequest,
    options: { timeoutMs?: number } = {},
  ): Promise<ValidateAnswer> {
    return this.call<ValidateAnswer>({
      method: 'POST',
      path: withId(routes.checkIn, ticketId),
      body,
      ...options,
    });
  }

  checkInOrder(
    orderId: string,
    body: OrderCheckInRequest,
    options: { timeoutMs?: number } = {},
  ): Promise<OrderCheckInAnswer> {
    return this.call<OrderCheckInAnswer>({
      method: 'POST',
      path: withId(routes.orderCheckIn, orderId),
      body,
      ...options,
    });
  }

  sync(body: SyncRequest): Promise<SyncAnswer> {
    return this.call<SyncAnswer>({ method: 'POST', path: routes.sync, body, timeoutMs: 60_000 });
  }

  /** Opens the scan feed; resolves once the server has answered 200 with the stream. */
  async scanFeed(
    eventId: string | null,
    lastEventId: string | null,
    signal: AbortSignal,
  ): Promise<StreamResponse> {
    const query = eventId ? `?event_id=${encodeURIComponent(eventId)}` : '';
    const response = await this.transport.stream({
      path: `${routes.feed}${query}`,
      headers: { ...this.auth(), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal,
    });
    if (response.status !== 200) {
      let text = '';
      for await (const chunk of response.chunks) text += chunk;
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      throw this.httpError(`GET ${routes.feed}`, response.status, body);
    }
    return response;
  }

  private async call<T>(request: TransportRequest): Promise<T> {
    const answer = await this.transport.request({
      ...request,
      headers: { ...this.auth(), ...request.headers },
    });
    if (answer.status < 200 || answer.status >= 300) {
      if (
        answer.status === 401 &&
        this.apiKey &&
        (answer.body as MaybeEnvelope)?.error?.code === 'invalid_api_key'
      )
        this.onKeyRefused?.();
      throw this.httpError(`${request.method} ${request.path.split('?')[0]}`, answer.status, answer.body);
    }
    if (answer.body === null || typeof answer.body !== 'object') {
      throw new ScannerError(
        'bad_response',
        `${request.path} answered ${answer.status} without a JSON object`,
      );
    }
    return answer.body as T;
  }

  private auth(): Record<string, string> {
    return this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {};
  }

  private httpError(what: string, status: number, body: unknown): ScannerError {
    const error = (body as MaybeEnvelope)?.error;
    return new ScannerError(
      'http_error',
      `${what} answered ${status}${error?.code ? ` ${error.code}` : ''}${error?.message ? `: ${error.message}` : ''}`,
      status,
      error?.code,
      error?.param,
    );
  }
}
