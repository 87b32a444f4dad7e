/**
 * Whether this server may send webhooks and mail yet (docs/api.md "Backing up and starting the
 * spare"). On a LAN bind the start first looks for another Marquee running this venue's data (a
 * spare started from a backup of this folder); until that look is over, or for good when it finds
 * one, the webhook dispatcher and the mail sender are not started. The server answers meanwhile:
 * only outbound sending waits.
 */
export type OutboundState =
  { state: 'sending' } | { state: 'checking' } | { state: 'held'; otherServer: string; message: string };

/** What staff read (GET /v2/health, the box office banner, the log). */
export function heldMessage(otherServer: string): string {
  return (
    `Another Marquee with this venue's data is running at ${otherServer}. ` +
    'This one will not send webhooks or mail.'
  );
}

export class OutboundSending {
  private current: OutboundState;
  private readonly starters: (() => void)[] = [];
  private closed = false;

  /** `checkFirst`: a LAN bind, where the start looks for a twin before anything is sent. */
  constructor(checkFirst: boolean) {
    this.current = checkFirst ? { state: 'checking' } : { state: 'sending' };
  }

  get view(): OutboundState {
    return this.current;
  }

  /** Runs `start` now when sending is allowed, else once the check finds no twin (never if one is found). */
  whenAllowed(start: () => void): void {
    if (this.current.state === 'sending') start();
    else this.starters.push(start);
  }

  /** No twin found: the queued workers start. */
  allow(): void {
    if (this.closed || this.current.state !== 'checking') return;
    this.current = { state: 'sending' };
    for (const start of this.starters.splice(0)) start();
  }

  /** A twin runs at `otherServer`: nothing is sent until this server is stopped. */
  hold(otherServer: string): void {
    if (this.closed || this.current.state !== 'checking') return;
    this.current = { state: 'held', otherServer, message: heldMessage(otherServer) };
    this.starters.length = 0;
  }

  /** The app is stopping: a check that ends later must not start workers on a closed store. */
  close(): void {
    this.closed = true;
    this.starters.length = 0;
  }
}
