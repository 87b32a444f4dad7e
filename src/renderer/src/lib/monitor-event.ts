import type { EventView } from '../api/types.js';

/**
 * The event a monitor opens on: the published event whose doors open nearest to now (tonight's
 * show, not last month's). Null when nothing is published; the monitor then watches every event.
 */
export function pickDefaultEvent(events: readonly EventView[], now: number): EventView | null {
  let best: EventView | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const event of events) {
    if (event.status !== 'published') continue;
    const distance = Math.abs(Date.parse(event.doors_at) - now);
    if (distance < bestDistance) {
      best = event;
      bestDistance = distance;
    }
  }
  return best;
}
