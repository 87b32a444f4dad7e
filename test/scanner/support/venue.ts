import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerOptions } from '../../../src/server/config.js';
import { startServer, type RunningServer } from '../../../src/server/start.js';
import { pairDoor, type NodeDoor, type NodeDoorOptions } from '../../../src/scanner/node-door.js';
import { parsePairingCode } from '../../../src/scanner/pairing-code.js';
import { PinnedTransport } from '../../../src/scanner/pinned-transport.js';
import { adminSecret, tempDataDir, testOptions } from '../../support/test-app.js';

export interface SoldTicket {
  id: string;
  order_id: string;
  qr_token: string;
  paper_pass: string | null;
}

/**
 * A real venue server listening on 127.0.0.1 (or any host given), driven over real HTTP with the
 * admin key: what a door device meets in the hall.
 */
export class Venue {
  private admin: PinnedTransport;
  private readonly doors: NodeDoor[] = [];

  private constructor(
    public running: RunningServer,
    readonly dataDir: string,
    private readonly options: ServerOptions,
    readonly fingerprint: string | null,
  ) {
    this.admin = new PinnedTransport(running.url, { fingerprint });
  }

  static async start(
    overrides: Partial<ServerOptions> = {},
    dataDir = tempDataDir('marquee-venue-'),
  ): Promise<Venue> {
    // baseUrl unset: pairing codes then carry the real listening URL.
    const options = { ...testOptions(dataDir, { baseUrl: undefined }), ...overrides };
    const running = await startServer(options);
    const fingerprint = running.app.ctx.scan.certFingerprint;
    return new Venue(running, dataDir, options, fingerprint);
  }

  get url(): string {
    return this.running.url;
  }

  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const answer = await this.admin.request({
      method,
      path,
      body,
      headers: { authorization: `Bearer ${adminSecret}` },
    });
    return answer as { status: number; body: T };
  }

  async ok<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (answer.status !== 200)
      throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** A published event with one tier. */
  async event(title = 'Night show'): Promise<{ eventId: string; tierId: string }> {
    const event = await this.ok<{ id: string }>('POST', '/v2/events', {
      title,
      venue: 'Main hall',
      doors_at: new Date(Date.now() + 3_600_000).toISOString(),
      tickets: [{ name: 'General admission', price_cents: 2500, quantity: 500, max_per_order: 100 }],
    });
    await this.ok('POST', `/v2/events/${event.id}/publish`);
    const tiers = await this.ok<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
    return { eventId: event.id, tierId: tiers.data[0]!.id };
  }

  async sell(eventId: string, tierId: string, quantity = 1): Promise<SoldTicket[]> {
    const order = await this.ok<{ tickets: SoldTicket[] }>('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity }],
      buyer: { name: 'Ada Guest', email: 'ada@example.test' },
      payment_method: 'cash',
    });
    return order.tickets;
  }

  /** The pairing link a venue screen shows as a QR. */
  async pairingCode(eventId: string | null): Promise<string> {
    const pairing = await this.ok<{ qr: string }>(
      'POST',
      '/v2/devices/pairing',
      eventId ? { event_id: eventId } : {},
    );
    return pairing.qr;
  }

  /**
   * A real door (SQLite state) paired to `eventId` over HTTP, its pack pulled, closed with the
   * venue. Its deadline is patient (10 s unless `options` say otherwise): these tests are about
   * what a door is told, and a loaded machine must never turn a verdict into a fallback.
   */
  async pairedDoor(eventId: string, name: string, options: NodeDoorOptions = {}): Promise<NodeDoor> {
    const code = parsePairingCode(await this.pairingCode(eventId));
    const door = await pairDoor(this.stateFile(name), code, name, { deadlineMs: 10_000, ...options });
    this.doors.push(door);
    await door.device.pull();
    return door;
  }

  /** Stops listening; the data dir stays, so restart() brings the same venue back. */
  async stop(): Promise<void> {
    this.admin.close();
    await this.running.close();
  }

  async restart(port = Number(new URL(this.url).port)): Promise<void> {
    this.running = await startServer({ ...this.options, port });
    this.admin = new PinnedTransport(this.running.url, { fingerprint: this.fingerprint });
  }

  async close(): Promise<void> {
    for (const door of this.doors.splice(0)) await door.close().catch(() => undefined);
    await this.stop().catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  stateFile(name: string): string {
    return join(this.dataDir, `${name}-scanner.db`);
  }
}
