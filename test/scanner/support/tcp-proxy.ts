import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

export type ProxyMode = 'pass' | 'blackhole' | 'hold' | 'lose-answers';

/**
 * A loopback TCP proxy in front of the venue server that a test can turn into the network's
 * bad days: `blackhole` accepts and never answers, `hold` keeps each new connection's bytes back
 * until `release()` (an answer that arrives as late as the test wants, whatever the machine's
 * speed), `lose-answers` lets each request reach the server and drops the connection as its answer
 * comes back (the Wi-Fi gone after the server acted), `stopListening()` leaves nothing on the port at all, `cut()` drops live connections.
 * With `tls` it serves HTTPS with that certificate in front of the plain loopback server, as a
 * venue server on the LAN does; set another one and listen again for an impostor on the address.
 */
export class TcpProxy {
  mode: ProxyMode = 'pass';
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private held: (() => void)[] = [];
  /** Connections accepted so far, whatever the mode. */
  accepted = 0;
  /** Bytes the clients sent through (over TLS: after the handshake, i.e. requests). */
  bytesIn = 0;
  port = 0;

  constructor(
    private readonly targetPort: number,
    public tls: { key: string; cert: string } | null = null,
  ) {
    this.server = this.makeServer();
  }

  get url(): string {
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${this.port}`;
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Nothing listens on the port any more: connections are refused. */
  async stopListening(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
    this.server = this.makeServer();
  }

  async listenAgain(): Promise<void> {
    // Made afresh, so a certificate set since stopListening() is the one served.
    this.server = this.makeServer();
    await this.listen(this.port);
  }

  /** Lets held connections through to the server, and new ones from now on (mode `pass`). */
  release(): void {
    this.mode = 'pass';
    const held = this.held;
    this.held = [];
    for (const pass of held) pass();
  }

  /** How many connections wait in `hold`. */
  get holding(): number {
    return this.held.length;
  }

  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    this.cut();
    if (this.server.listening) await new Promise((resolve) => this.server.close(resolve));
  }

  private makeServer(): Server {
    const onClient = (client: Socket): void => {
      this.accepted++;
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.mode === 'blackhole') return;
      client.pause();
      const pass = (): void => {
        if (client.destroyed) return;
        const upstream = connect(this.targetPort, '127.0.0.1');
        this.sockets.add(upstream);
        upstream.on('close', () => {
          this.sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.on('data', (chunk: Buffer) => (this.bytesIn += chunk.length));
        client.pipe(upstream);
        if (this.mode === 'lose-answers')
          // The server has answered, so it has acted: the door hears only a dropped connection.
          upstream.once('data', () => upstream.destroy());
        else upstream.pipe(client);
        client.resume();
      };
      if (this.mode === 'hold') this.held.push(pass);
      else pass();
    };
    return this.tls ? createTlsServer(this.tls, onClient) : createServer(onClient);
  }
}
