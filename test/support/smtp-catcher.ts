import { simpleParser, type ParsedMail } from 'mailparser';
import { createServer, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** How the catcher answers a recipient: accept it, or refuse with an SMTP reply code. */
export type RcptAnswer = 'accept' | { code: number; message: string };

export interface CaughtMail {
  /** Envelope recipients as the server saw them in RCPT TO. */
  rcptTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it
 * accepts, parsed with mailparser. `answerRcpt` lets a test make it refuse recipients (4xx/5xx);
 * `delayDataMs` holds the reply to DATA, to catch a sender mid-send (`Infinity`: until
 * `releaseHeld()`, so the test, not the machine's speed, decides when the reply comes).
 * `login` makes it a server that wants AUTH with that user and password (530 without, 535 wrong).
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  answerRcpt: (address: string) => RcptAnswer = () => 'accept';
  delayDataMs = 0;
  login: { user: string; pass: string } | null = null;
  /**
   * Recipients for whom the server drops the connection in the middle of DATA, after greeting,
   * EHLO, MAIL and RCPT were all answered (a proxy cutting large messages, a line dropping).
   */
  dropMidData: (address: string) => boolean = () => false;
  /** Messages whose connection was dropped by dropMidData. */
  dropped = 0;
  /** Messages received whose reply was held back by delayDataMs. */
  held = 0;
  private heldReplies: (() => void)[] = [];
  private server: SMTPServer | null = null;
  private readonly sockets: Socket[] = [];
  private waiters: (() => void)[] = [];

  private constructor(public port: number) {}

  /** Starts on the given port, or on a free one (0). */
  static async start(port = 0): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher(port);
    await catcher.listen();
    return catcher;
  }

  /** A port nothing listens on yet, for "the SMTP server is down" (start() on it later). */
  static async freePort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // AUTH over plain TCP: loopback only, and STARTTLS is off.
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A server that goes down does not wait 30 s for its clients to leave.
      closeTimeout: 100,
      onAuth: (auth, _session, callback) => {
        const login = this.login;
        if (!login || (auth.username === login.user && auth.password === login.pass)) {
          return callback(null, { user: auth.username });
        }
        const err = Object.assign(new Error('5.7.8 Authentication credentials invalid'), {
          responseCode: 535,
        });
        return callback(err);
      },
      onMailFrom: (_address, session, callback) => {
        if (!this.login || session.user) return callback();
        const err = Object.assign(new Error('Authentication required'), { responseCode: 530 });
        return callback(err);
      },
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const answer = this.answerRcpt(address.address);
        if (answer === 'accept') return callback();
        const err = Object.assign(new Error(answer.message), { responseCode: answer.code });
        return callback(err);
      },
      onData: (stream, session, callback) => {
        if (session.envelope.rcptTo.some((r) => this.dropMidData(r.address))) {
          this.dropped++;
          stream.once('data', () => this.sockets.find((s) => s.remotePort === session.remotePort)?.destroy());
          stream.resume();
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          const finish = (): void => {
            simpleParser(raw, { keepCidLinks: true })
              .then((parsed) => {
                this.mails.push({ rcptTo, raw, parsed });
                for (const wake of this.waiters.splice(0)) wake();
                callback();
              })
              .catch((err: Error) => callback(err));
          };
          if (this.delayDataMs === Infinity) {
            this.held++;
            this.heldReplies.push(finish);
          } else if (this.delayDataMs > 0) {
            this.held++;
            setTimeout(finish, this.delayDataMs);
          } else finish();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', () => undefined);
    server.server.on('connection', (socket: Socket) => {
      this.sockets.push(socket);
      socket.once('close', () => this.sockets.splice(this.sockets.indexOf(socket), 1));
    });
    const address = server.server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Gives the replies held by `delayDataMs = Infinity`. */
  releaseHeld(): void {
    for (const reply of this.heldReplies.splice(0)) reply();
  }

  /** Stops listening and drops open connections at once (a server that went down). */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` mails matching `filter` have arrived, or fails after `timeoutMs`. */
  async waitFor(
    count: number,
    timeoutMs = 10_000,
    filter: (mail: CaughtMail) => boolean = () => true,
  ): Promise<CaughtMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.mails.filter(filter);
      if (matching.length >= count) return matching;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`expected ${count} mail(s) within ${timeoutMs} ms, got ${matching.length}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
