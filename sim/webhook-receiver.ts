/**
 * The organiser's webhook receiver: node:http on 127.0.0.1, every request's signature checked
 * with the `standardwebhooks` package (what an integrator would use), kept once per `webhook-id`
 * as an idempotent receiver must. The server signs on the evening's clock (sim-clock.ts), which
 * runs hundreds of times faster than real time while doors are open; the timestamp tolerance
 * (5 minutes, the package's) is judged in real time — the real moment the server's clock showed
 * that timestamp — since a request's time in flight is real, not compressed (a 0.4 s delay under
 * load would be six evening minutes). `goOffline()` closes the port and drops its connections, so the
 * dispatcher sees "connection refused" — a receiver that cannot be reached at all, not one that
 * answers errors; `goOnline()` listens again on the same port.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedMessage {
  id: string;
  type: string;
  object: Record<string, unknown>;
  /** The message's own created_at (when the change committed), as real epoch ms. */
  createdAt: number;
  /** First verified arrival, epoch ms. */
  receivedAt: number;
}

/** The evening's clock (sim-clock.ts) as the receiver needs it: the real moment of an evening time. */
export interface ReceiverClock {
  toWall(atMs: number): number;
}

/** standardwebhooks' tolerance either side of the receiver's clock. */
const toleranceSeconds = 5 * 60;

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

export class WebhookReceiverSim {
  /** Verified messages, one per webhook-id, in arrival order. */
  readonly messages: ReceivedMessage[] = [];
  /** Requests whose signature did not verify (must stay 0). */
  invalidSignatures = 0;
  /** Verified requests repeating an id already kept (allowed: at least once). */
  duplicates = 0;
  requests = 0;
  port = 0;
  private readonly seen = new Set<string>();
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private verifier: Webhook | null = null;

  constructor(private readonly clock: ReceiverClock) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/marquee`;
  }

  get online(): boolean {
    return this.server !== null;
  }

  /** The endpoint's secret (`whsec_…`), known once the endpoint is registered. */
  useSecret(secret: string): void {
    this.verifier = new Webhook(secret);
  }

  async goOnline(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests++;
        const body = Buffer.concat(chunks).toString('utf8');
        const ok = this.accept(body, req.headers);
        // A receiver refuses what it cannot verify; the dispatcher would retry it.
        res.writeHead(ok ? 204 : 400).end();
      });
    });
    server.keepAliveTimeout = 30_000;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async goOffline(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  countByType(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const m of this.messages) out[m.type] = (out[m.type] ?? 0) + 1;
    return out;
  }

  private accept(body: string, headers: IncomingHttpHeaders): boolean {
    if (!this.verifier) {
      this.invalidSignatures++;
      return false;
    }
    const id = header(headers, 'webhook-id');
    let payload: { id: string; type: string; created_at: string; data: { object: Record<string, unknown> } };
    try {
      if (
        !this.verified(
          this.verifier,
          id,
          header(headers, 'webhook-timestamp'),
          header(headers, 'webhook-signature'),
          body,
        )
      )
        throw new Error('not signed by the endpoint secret, or outside the timestamp tolerance');
      payload = JSON.parse(body) as typeof payload;
    } catch {
      this.invalidSignatures++;
      return false;
    }
    // The signed body must name the message the header names.
    if (payload.id !== id) {
      this.invalidSignatures++;
      return false;
    }
    if (this.seen.has(id)) {
      this.duplicates++;
      return true;
    }
    this.seen.add(id);
    this.messages.push({
      id,
      type: payload.type,
      object: payload.data.object,
      createdAt: this.clock.toWall(Date.parse(payload.created_at)),
      receivedAt: Date.now(),
    });
    return true;
  }

  /**
   * `Webhook.verify`, its timestamp judged as the header comment says: the package reads the
   * machine's clock, which is not the server's here. The signature is the package's own (`sign`), compared in constant time, any `v1` of
   * the space-separated list matching.
   */
  private verified(
    verifier: Webhook,
    id: string,
    timestamp: string,
    signatures: string,
    body: string,
  ): boolean {
    const seconds = Number(timestamp);
    if (!id || !/^\d+$/.test(timestamp)) return false;
    if (Math.abs(Date.now() - this.clock.toWall(seconds * 1000)) > toleranceSeconds * 1000) return false;
    const expected = Buffer.from(verifier.sign(id, new Date(seconds * 1000), body));
    return signatures.split(' ').some((signature) => {
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}
