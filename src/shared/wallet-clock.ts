/**
 * The wallet page's idea of the venue's time. The page draws the code of the current 5-minute
 * window from the phone's clock, and the door accepts a code only within 30 s of its window, so a
 * phone whose clock is set a few minutes fast (some people do, on purpose) showed codes the door
 * refused as not yet valid, and one set slow showed none at all, with no word why. The page
 * measures how far off the phone is from each answer's `Date` header and draws by the server's
 * time instead; the offset is kept with the strip, so it holds offline too.
 */

/**
 * A `Date` header only has whole seconds: below this the measurement says nothing, and a phone
 * that is right keeps drawing by its own clock.
 */
export const clockCorrectionFromMs = 10_000;

/** From this much off the page tells the holder, so they can set the phone's clock right. */
export const clockNoteFromMs = 60_000;

/**
 * The server's time minus the phone's, from an answer's `Date` header and the phone's clock when
 * the request went out and the answer came back; 0 when under clockCorrectionFromMs, null when
 * the header is missing or unreadable, or the answer took too long (then nothing is learnt).
 */
export function phoneClockOffsetMs(
  dateHeader: string | null,
  sentAtMs: number,
  receivedAtMs: number,
): number | null {
  // A slow answer cannot place the server's second well enough to correct by (half the wait).
  if (!dateHeader || receivedAtMs - sentAtMs > clockCorrectionFromMs) return null;
  const serverSecond = Date.parse(dateHeader);
  if (!Number.isFinite(serverSecond)) return null;
  // The server's clock read somewhere inside that second, while the request was in flight.
  const offset = serverSecond + 500 - (sentAtMs + receivedAtMs) / 2;
  return Math.abs(offset) < clockCorrectionFromMs ? 0 : Math.round(offset);
}

function howFar(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hours`;
}

/** What the page says about a phone clock that is off, or null when it is near enough. */
export function phoneClockNote(offsetMs: number): string | null {
  if (Math.abs(offsetMs) < clockNoteFromMs) return null;
  // The offset is server minus phone: a negative one means the phone is ahead.
  const direction = offsetMs < 0 ? 'fast' : 'slow';
  return `This phone's clock is ${howFar(offsetMs)} ${direction}. The code follows the venue's time, so it still works; setting the clock to automatic keeps it that way.`;
}
