import type { VerdictFocus } from '../../lib/verdict-keys.js';
import { isTypingTarget } from '../../shortcuts.js';

/** Where a key came: a field, one of the verdict's own buttons (inside `verdict`), or elsewhere. */
export function keyFocus(target: EventTarget | null, verdict: HTMLElement | null): VerdictFocus {
  if (isTypingTarget(target)) return 'text-field';
  if (target instanceof Node && verdict?.contains(target)) return 'verdict-control';
  return 'elsewhere';
}
