/**
 * Remembers which exact token strings already passed or failed signature verification, so a
 * guest waving the same QR twice (or a door re-checking after a slow online answer) costs a map
 * lookup instead of a ~1 ms Ed25519 verify. Only the signature is cached: the time window and
 * ticket state are always judged afresh.
 */
export class SignatureCache {
  private readonly entries = new Map<string, boolean>();

  constructor(private readonly capacity = 20_000) {}

  get(token: string): boolean | undefined {
    return this.entries.get(token);
  }

  set(token: string, valid: boolean): void {
    // Oldest-first eviction: Map keeps insertion order, and a door's traffic is a moving window.
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, valid);
  }

  /** A new key set can turn an unknown kid valid (or retire one), so old verdicts no longer hold. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
