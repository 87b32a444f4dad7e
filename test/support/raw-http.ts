import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { adminSecret } from './test-app.js';

/** What the server wrote back before it closed the connection. */
export interface RawAnswer {
  /** 0 when nothing that reads as an HTTP/1.1 status line came back. */
  status: number;
  headers: string;
  body: string;
  /** From connecting to the close. */
  ms: number;
}

/**
 * Sends raw bytes on a fresh loopback connection (what no HTTP client library would send: a
 * malformed head, or a body that stops half-way) and reads until the server closes it. Fails when
 * the server neither answers and closes within `waitMs`: it is holding the connection.
 */
export function rawExchange(port: number, bytes: string, waitMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no answer and no close within ${waitMs} ms; got: ${Buffer.concat(chunks).toString()}`),
      );
    }, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString();
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body,
        ms: Date.now() - started,
      });
    });
    socket.write(bytes);
  });
}

/** The answer to a request whose connection the test holds (keep-alive, or `close`). */
export interface HeldAnswer {
  status: number;
  /** The answer's Connection header: `close` when the server is closing that connection. */
  connection?: string;
  body: string;
}

/**
 * POST /v2/events as the admin over `agent`, with only the first 10 bytes of its body sent: the
 * request stays in flight (headers read, handler waiting) until `finish()` sends the rest.
 */
export function eventPostInFlight(
  agent: Agent,
  origin: { host: string; port: number | string },
  event: Record<string, unknown>,
): { answer: Promise<HeldAnswer>; finish: () => void } {
  const payload = Buffer.from(JSON.stringify(event));
  let finish = (): void => undefined;
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    const req = request(
      {
        ...origin,
        path: '/v2/events',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${adminSecret}`,
          'content-type': 'application/json',
          'content-length': payload.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, 10));
    finish = () => req.end(payload.subarray(10));
  });
  return { answer, finish };
}
