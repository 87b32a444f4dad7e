import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** Decides the answer to one request; the default is 200. */
export type Responder = (req: Received, index: number, res: ServerResponse) => void;

const ok: Responder = (_req, _i, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
};

/**
 * A real HTTP receiver on 127.0.0.1 that records every request. `stop()` closes the port (and
 * its kept-alive connections) so the dispatcher sees "connection refused"; `start()` reopens
 * it on the same port.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  respond: Responder = ok;
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(got);
        this.respond(got, this.received.length - 1, res);
      });
    });
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
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves when `count` requests have arrived, or rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`receiver got ${this.received.length} of ${count} requests in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.received;
  }

  /**
   * Resolves once `done()` holds. Gives up only when no request has arrived for `stallMs`: a
   * loaded machine delivers late but keeps delivering, a stuck dispatcher stops. The verdict is
   * then about what arrives, not how fast (the test's own timeout still bounds the whole).
   */
  async waitWhileProgressing(done: () => boolean, what: string, stallMs = 30_000): Promise<void> {
    let seen = this.received.length;
    let lastProgress = Date.now();
    while (!done()) {
      if (this.received.length !== seen) {
        seen = this.received.length;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress > stallMs) {
        throw new Error(`waiting for ${what}: no request for ${stallMs} ms (${seen} so far)`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The distinct webhook-ids received (what an idempotent receiver would keep). */
  ids(): Set<string> {
    return new Set(this.received.map((r) => String(r.headers['webhook-id'])));
  }
}

/** A free port on 127.0.0.1 with nothing listening (it was bound and released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
