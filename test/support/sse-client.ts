import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
  /** performance.now() when the event was parsed. */
  at: number;
}

/**
 * A minimal Server-Sent Events reader over node:http (what EventSource does, minus reconnects),
 * so tests can see ids, event names, comments and the moment each event arrived.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  comments = 0;
  status = 0;
  headers: IncomingMessage['headers'] = {};
  ended = false;
  body = '';
  private buffer = '';
  private waiters: (() => void)[] = [];
  private req: ReturnType<typeof request> | undefined;

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      client.req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.take(chunk));
        res.on('end', () => {
          client.ended = true;
          client.wake();
        });
        res.on('error', () => undefined);
        resolve();
      });
      client.req.on('error', reject);
      client.req.end();
    });
    return client;
  }

  private take(chunk: string): void {
    if (this.status !== 200) {
      this.body += chunk;
      return;
    }
    this.buffer += chunk;
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments++;
          continue;
        }
        const [name, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        fields++;
        if (name === 'id') id = value;
        else if (name === 'event') event = value;
        else if (name === 'data') data.push(value);
      }
      if (data.length > 0) this.events.push({ id, event, data: data.join('\n'), at: performance.now() });
      else if (fields === 0) continue;
    }
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /**
   * Resolves once `predicate` holds, or rejects after `timeoutMs`: a bound for a feed that never
   * delivers, generous enough that a loaded machine's slowness is not mistaken for one.
   */
  async waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Error(`SSE wait timed out; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  ofType(event: string): SseEvent[] {
    return this.events.filter((e) => e.event === event);
  }

  close(): void {
    this.req?.destroy();
  }
}
