import { describe, expect, it } from 'vitest';
import type { EventView } from '../../../src/renderer/src/api/types.js';
import { pickDefaultEvent } from '../../../src/renderer/src/lib/monitor-event.js';

const event = (id: string, status: string, doors_at: string) => ({ id, status, doors_at }) as EventView;

describe('pickDefaultEvent', () => {
  it('opens on the published event whose doors are nearest to now', () => {
    const now = Date.parse('2026-12-24T18:00:00Z');
    const events = [
      event('evt_last_month', 'published', '2026-11-24T19:00:00Z'),
      event('evt_draft_tonight', 'draft', '2026-12-24T18:30:00Z'),
      event('evt_tonight', 'published', '2026-12-24T19:00:00Z'),
      event('evt_tomorrow', 'published', '2026-12-25T19:00:00Z'),
    ];
    expect(pickDefaultEvent(events, now)?.id).toBe('evt_tonight');
  });

  it('answers null when nothing is published', () => {
    expect(pickDefaultEvent([event('evt_1', 'draft', '2026-12-24T19:00:00Z')], 0)).toBeNull();
  });
});
