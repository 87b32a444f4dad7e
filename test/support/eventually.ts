/**
 * The one way tests wait for something that happens on its own time (a delivery, a log line, a
 * file, a server that answers): poll until it has happened, with a generous deadline only as the
 * failure backstop. Never a fixed sleep before a positive assertion: on a loaded machine any fixed
 * sleep is sometimes too short.
 */

/** What was awaited, for the failure message; a function is asked at failure (the last state seen). */
export type Awaited = string | (() => string);

/**
 * Polls `check` (sync or async) until it returns a value (not undefined) or the time is up. A
 * check that throws ends the wait at once (a server that exited will not start answering).
 */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
  what: Awaited = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `eventually` for a yes/no condition: resolves once `holds` answers true. */
export async function waitUntil(
  holds: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what: Awaited = 'condition',
): Promise<void> {
  await eventually(async () => ((await holds()) ? true : undefined), timeoutMs, what);
}
