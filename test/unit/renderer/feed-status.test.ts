import { describe, expect, it } from 'vitest';
import {
  caughtUpNoticeMs,
  feedStatusText,
  initialFeedStatus,
} from '../../../src/renderer/src/lib/feed-status.js';

describe('feedStatusText', () => {
  const now = 1_000_000;

  it('says when the monitor is behind and when it will try again', () => {
    const text = feedStatusText(
      { ...initialFeedStatus, phase: 'reconnecting', attempt: 3, retryAt: now + 3_400 },
      now,
    );
    expect(text.tone).toBe('bad');
    expect(text.text).toMatch(/^Reconnecting… \(attempt 3, next try in 4 s\)/);
    expect(text.text).toMatch(/behind/);
  });

  it('says it caught up after a reconnect, then settles to Live', () => {
    const status = { ...initialFeedStatus, phase: 'live' as const, replayed: 12, caughtUpAt: now };
    expect(feedStatusText(status, now + 1000)).toEqual({
      tone: 'good',
      text: 'Caught up (12 missed updates replayed). Live.',
    });
    expect(feedStatusText(status, now + caughtUpNoticeMs + 1)).toEqual({ tone: 'good', text: 'Live' });
  });

  it('has a sentence for every phase', () => {
    for (const phase of ['idle', 'connecting', 'loading', 'catching_up', 'live', 'reconnecting'] as const) {
      expect(feedStatusText({ ...initialFeedStatus, phase }, now).text.length).toBeGreaterThan(3);
    }
  });
});
