/**
 * A door's network cable, as a Transport: while connected it is the door's real transport;
 * when cut, every request goes to a loopback port where nothing listens (a real ECONNREFUSED,
 * not a simulated error) and open feed streams are torn down, so the SDK sees exactly what a
 * pulled cable looks like and falls back to its offline decisions.
 */
import { PinnedTransport } from '../src/scanner/pinned-transport.js';
import type {
  StreamResponse,
  Transport,
  TransportRequest,
  TransportResponse,
} from '../src/scanner/transport.js';

export class LanSwitch implements Transport {
  private connected = true;
  private readonly dead: PinnedTransport;
  private readonly openStreams = new Set<AbortController>();

  constructor(
    private readonly real: PinnedTransport,
    deadPort: number,
  ) {
    this.dead = new PinnedTransport(`http://127.0.0.1:${deadPort}`);
  }

  get baseUrl(): string {
    return this.real.baseUrl;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  cut(): void {
    this.connected = false;
    for (const controller of this.openStreams) controller.abort();
    this.openStreams.clear();
  }

  restore(): void {
    this.connected = true;
  }

  request(request: TransportRequest): Promise<TransportResponse> {
    return (this.connected ? this.real : this.dead).request(request);
  }

  async stream(request: Omit<TransportRequest, 'method' | 'body' | 'timeoutMs'>): Promise<StreamResponse> {
    if (!this.connected) return this.dead.stream(request);
    const controller = new AbortController();
    const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
    this.openStreams.add(controller);
    try {
      const response = await this.real.stream({ ...request, signal });
      const streams = this.openStreams;
      async function* tracked(): AsyncIterable<string> {
        try {
          yield* response.chunks;
        } finally {
          streams.delete(controller);
        }
      }
      return { status: response.status, chunks: tracked() };
    } catch (err) {
      this.openStreams.delete(controller);
      throw err;
    }
  }

  close(): void {
    this.cut();
    this.real.close();
    this.dead.close();
  }
}
