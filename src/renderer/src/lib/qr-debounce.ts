/**
 * A camera sees the same QR about ten times a second for as long as it is held up. The door
 * decides once per presentation: the same text is ignored while it keeps being seen, and counts
 * again only after it has been out of view for `quietMs` (so a guest showing it a second time,
 * or someone else's screenshot of it, is a new scan). Another text always counts at once.
 */
export class QrDebouncer {
  private lastText: string | null = null;
  private lastSeenAt = 0;

  constructor(private readonly quietMs = 2_000) {}

  /** True when this sighting is a new presentation to decide on. */
  accept(text: string, now: number): boolean {
    const repeat = text === this.lastText && now - this.lastSeenAt < this.quietMs;
    this.lastText = text;
    this.lastSeenAt = now;
    return !repeat;
  }

  reset(): void {
    this.lastText = null;
    this.lastSeenAt = 0;
  }
}
