import { createServer, type Socket } from 'node:net';

/**
 * Takes connections on 127.0.0.1:`port` and never answers: the venue server's laptop frozen, or
 * a Wi-Fi that carries the connection and nothing after it. Requests wait, they do not fail.
 */
export async function silentListener(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const listener = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        listener.close(() => resolve());
      }),
  };
}
