/**
 * One door of the venue: a scanner-SDK DoorDevice with its own SQLite state file, paired
 * through the real pairing API, its network behind a LanSwitch, and a line of people in front
 * of it. A door scans one person at a time, as a handheld does.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SqliteDeviceState } from '../src/scanner/device-store.js';
import { DoorDevice, type FallbackCause } from '../src/scanner/door-device.js';
import { parsePairingCode } from '../src/scanner/pairing-code.js';
import { PinnedTransport } from '../src/scanner/pinned-transport.js';
import type { Credential, RejectReason, ScanResult } from '../src/scanner/types.js';
import type { TicketChange } from '../src/scanner/api-types.js';
import type { ApiClient } from './api-client.js';
import type { Shown } from './attendees.js';
import type { ShownAs } from './carry.js';
import { LanSwitch } from './lan-switch.js';

/** Why someone stands at the door with this code. */
export type PresentationKind =
  | 'entry'
  | 'stale'
  | 'walk_in'
  | 'replay'
  | 'photocopy'
  | 'voided'
  | 'transferred_old'
  | 'transfer_new'
  | 'wrong_event'
  | 'malformed'
  | 'forged';

export interface Presentation {
  seq: number;
  kind: PresentationKind;
  door: number;
  /** What was held up to the scanner (worked out by `show` when the person's turn comes). */
  token: string;
  /** How it was held up: the holder's own phone or paper, a screenshot, a photocopy, junk. */
  as: ShownAs;
  /** The ticket the code names, as the simulation knows it (null for junk). */
  ticketId: string | null;
  /** ms since doors opened at which the person reached the door. */
  arrivedAt: number;
  /** Two presentations of one ticket at two doors at once share this. */
  pairId?: number;
  /** What the person holds up, worked out at their turn (a phone shows the code of that moment). */
  show?: () => Shown | Promise<Shown>;
  /** Evening time (epoch ms) of the scan: the moment every validator judges the code's window at. */
  shownAt?: number;
  startedAt?: number;
  decidedAt?: number;
  decision?: DoorDecision;
  error?: string;
}

export interface DoorDecision {
  result: ScanResult;
  reason: RejectReason | null;
  /** What the door read: a rotating code or a paper pass. */
  credential: Credential;
  mode: 'online' | 'offline';
  fallback: FallbackCause | null;
  /** The SDK's own measure: scan call to decision. */
  ms: number;
}

/** A port on 127.0.0.1 with nothing listening: bound, then released. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export class SimDoor {
  private readonly line: Presentation[] = [];
  private wake: (() => void) | null = null;
  private busy = false;
  private closed = false;
  private readonly loop: Promise<void>;
  private readonly feed = new AbortController();
  private feedDone: Promise<void> = Promise.resolve();
  /** Feed connection changes, for the report. */
  readonly feedEvents: { at: number; status: 'connected' | 'disconnected' }[] = [];

  private constructor(
    readonly index: number,
    readonly device: DoorDevice,
    readonly lan: LanSwitch,
    private readonly state: SqliteDeviceState,
    private readonly clock: () => number,
    private readonly eveningNow: () => number,
    private readonly onDecision: (p: Presentation) => void,
    private readonly pairingToken: string,
  ) {
    this.loop = this.run();
  }

  /** What this door was issued: its pairing token and its API key (none may reach a log). */
  secrets(): string[] {
    const apiKey = this.state.loadPairing()?.apiKey;
    return apiKey ? [this.pairingToken, apiKey] : [this.pairingToken];
  }

  /** Pairs a new door with the server through `POST /v2/devices/pairing` + `/pair`, and pulls its pack. */
  static async pair(options: {
    admin: ApiClient;
    eventId: string;
    index: number;
    stateDir: string;
    /** ms since doors opened, for the report. */
    clock: () => number;
    /** The evening's clock (sim-clock.ts), the door device's own: the server's to the millisecond. */
    eveningNow: () => number;
    onDecision: (p: Presentation) => void;
  }): Promise<SimDoor> {
    const { admin, eventId, index } = options;
    const issued = await admin.post<{ qr: string }>('/v2/devices/pairing', {
      event_id: eventId,
      scope: 'scanner',
    });
    const code = parsePairingCode(issued.qr);
    const state = new SqliteDeviceState(join(options.stateDir, `door-${index + 1}.db`));
    const unplugged = await deadPort();
    let lan: LanSwitch | null = null;
    const device = await DoorDevice.pair(code, `Door ${index + 1}`, {
      state,
      now: options.eveningNow,
      transport: (pairing) =>
        (lan ??= new LanSwitch(
          new PinnedTransport(pairing.baseUrl, { fingerprint: pairing.fingerprint }),
          unplugged,
        )),
    });
    await device.pull();
    return new SimDoor(
      index,
      device,
      lan!,
      state,
      options.clock,
      options.eveningNow,
      options.onDecision,
      code.token,
    );
  }

  get name(): string {
    return `Door ${this.index + 1}`;
  }

  /** On the LAN and following the scan feed right now. */
  get feedLive(): boolean {
    return this.lan.isConnected && this.feedEvents.at(-1)?.status === 'connected';
  }

  /** People waiting, plus the one being scanned. */
  get waiting(): number {
    return this.line.length + (this.busy ? 1 : 0);
  }

  enqueue(p: Presentation): void {
    this.line.push(p);
    this.wake?.();
  }

  /** Follows the server's scan feed (other doors' admissions, voids, sales) until close(). */
  followFeed(onTicket: (change: TicketChange, door: SimDoor) => void): void {
    this.feedDone = this.device
      .follow({
        signal: this.feed.signal,
        onTicket: (change) => onTicket(change, this),
        onStatus: (status) => this.feedEvents.push({ at: this.clock(), status }),
      })
      .catch(() => undefined);
  }

  /** Resolves once nobody is in line and no scan is in progress. */
  async idle(): Promise<void> {
    while (this.waiting > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  queuedOffline(): number {
    return this.device.status().queued;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    this.feed.abort();
    await this.loop;
    await this.feedDone;
    await this.device.settled();
    this.lan.close();
    this.state.close();
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const next = this.line.shift();
      if (!next) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      this.busy = true;
      next.startedAt = this.clock();
      try {
        if (next.show) {
          const shown = await next.show();
          next.token = shown.token;
          next.as = shown.as;
        }
        // Nothing is awaited from here to the device's own reading of its clock in scan(), so the
        // code shown and the moment it is judged at belong together.
        next.shownAt = this.eveningNow();
        const outcome = await this.device.scan(next.token);
        next.decision = {
          result: outcome.result,
          reason: outcome.reason,
          credential: outcome.credential,
          mode: outcome.mode,
          fallback: outcome.fallback ?? null,
          ms: outcome.ms,
        };
      } catch (err) {
        next.error = err instanceof Error ? err.message : String(err);
      }
      next.decidedAt = this.clock();
      this.busy = false;
      this.onDecision(next);
    }
  }
}
