import { connect } from 'node:net';

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
