import { createServer, connect, type Server, type Socket } from 'node:net';

/** What the link does to a request line it matches (`POST /v2/orders`, say). */
export type Trouble =
  /** Passes the request on; the answer is cut off as it starts back (the Wi-Fi dropped). */
  | 'lose-answer'
  /** Passes the request on; the answer waits until `release()` (a slow link). */
  | 'hold-answer';

export interface FlakyLink {
  /** The till's address: the venue server, through this link. */
  url: string;
  /** From now on, requests whose first line starts with `requestLine` meet `trouble`. */
  trouble(requestLine: string, trouble: Trouble): void;
  /** No more trouble; answers held so far go on to the till. */
  release(): void;
  /** How many requests have met trouble so far. */
  troubled(): number;
  /**
   * Requests whose first line starts with `requestLine`, in the order the link saw them: `sent` as
   * one passes on to the server, `answered` as its answer starts back to the browser. One clock,
   * unlike the browser's per-tab events, which may reach the test out of order under load.
   */
  timeline(requestLine: string): ('sent' | 'answered')[];
  /** Refuses connections (the server unreachable), and cuts the open ones, until `reconnect()`. */
  disconnect(): Promise<void>;
  reconnect(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on loopback between Chromium and the venue server: a till's Wi-Fi, which a test can
 * make drop an answer, hold one back, or refuse connections altogether. Plain HTTP/1.1, one request
 * at a time per connection (Chromium does not pipeline), so the first line of a client's chunk
 * that begins a request names it.
 */
export async function startFlakyLink(serverUrl: string): Promise<FlakyLink> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  const held: (() => void)[] = [];
  interface Rule {
    line: string;
    trouble: Trouble;
    released: boolean;
  }
  let rule: Rule | null = null;
  let troubled = 0;
  const seen: { line: string; what: 'sent' | 'answered' }[] = [];
  let server: Server;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const relay = (client: Socket) => {
    track(client);
    const upstream = connect(Number(target.port), target.hostname);
    track(upstream);
    // The rule the request now on this connection met, if any.
    let current: Rule | null = null;
    // The first line of the request on this connection whose answer has not started back yet.
    let asking: string | null = null;
    const answer = (chunk: Buffer) => {
      if (asking !== null) seen.push({ line: asking, what: 'answered' });
      asking = null;
      client.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1', 0, 200);
      if (/^[A-Z]+ \S+ HTTP\/1\.[01]\r\n/.test(text)) {
        current = rule && text.startsWith(rule.line) ? rule : null;
        if (current) troubled += 1;
        asking = text.slice(0, text.indexOf('\r\n'));
        seen.push({ line: asking, what: 'sent' });
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (current?.trouble === 'lose-answer' && !current.released) {
        client.destroy();
        upstream.destroy();
      } else if (current?.trouble === 'hold-answer' && !current.released) {
        upstream.pause();
        held.push(() => {
          answer(chunk);
          upstream.resume();
        });
        current = null;
      } else answer(chunk);
    });
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(relay);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    trouble(line, trouble) {
      rule = { line, trouble, released: false };
    },
    release() {
      if (rule) rule.released = true;
      rule = null;
      for (const send of held.splice(0)) send();
    },
    troubled: () => troubled,
    timeline: (requestLine) => seen.filter((s) => s.line.startsWith(requestLine)).map((s) => s.what),
    disconnect: stop,
    reconnect: listen,
    close: stop,
  };
}
