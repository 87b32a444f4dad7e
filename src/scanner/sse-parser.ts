/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format), fed text as it
 * arrives in arbitrary chunks. Browser-safe; Node's response stream and fetch's reader both feed it.
 */
export interface SseMessage {
  /** `message` when the server named none. */
  event: string;
  data: string;
  /** The last `id:` seen so far in the stream, which is what Last-Event-ID must resume from. */
  id: string | null;
}

export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private lastId: string | null = null;
  private sawCarriageReturn = false;
  /** Reconnection delay the server asked for with `retry:`, in ms. */
  retryMs: number | null = null;

  constructor(lastEventId: string | null = null) {
    this.lastId = lastEventId;
  }

  get lastEventId(): string | null {
    return this.lastId;
  }

  /** Returns every message completed by this chunk. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    // A CRLF split across two chunks must not count as two line ends.
    if (this.sawCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.sawCarriageReturn = text.endsWith('\r');
    this.buffer += text;
    const out: SseMessage[] = [];
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }

  private dispatch(): SseMessage | null {
    const hadData = this.data.length > 0;
    const message = { event: this.event || 'message', data: this.data.join('\n'), id: this.lastId };
    this.event = '';
    this.data = [];
    return hadData ? message : null;
  }
}
