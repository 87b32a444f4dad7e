import { startRefusal } from '../server/start.js';

/**
 * The one line the desktop shows when it could not start (an error box, and stderr): the same
 * words the headless server prints for a refusal it can explain (a data folder another Marquee
 * uses, a busy port, a damaged store), else the error's own message.
 */
export function startFailureLine(error: unknown): string {
  return startRefusal(error) ?? (error instanceof Error ? error.message : String(error));
}
