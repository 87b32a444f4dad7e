import { describe, expect, it } from 'vitest';
import { scanViews } from '../../support/scan-views.js';
import { LiveFigures, type ServerFigures } from '../../../src/renderer/src/lib/live-figures.js';

const scan = scanViews(Date.parse('2026-12-24T20:30:00.000Z'));

/** The server's count: 13,327 inside after a long night, its newest scan named. */
function server(lastScanId: string | null, inside = 13_327): ServerFigures {
  return { inside, admittedBy: { rotating: 10_000, paper: 3_000, manual: 500 }, lastScanId };
}

describe('LiveFigures', () => {
  it("starts from the server's count, not from a replay of the log, and adds what the feed brings after it", () => {
    const figures = new LiveFigures();
    figures.setFigures('evt_1', server('scn_before_the_feed'));
    expect(figures.snapshot()).toEqual({
      inside: 13_327,
      admittedBy: { rotating: 10_000, paper: 3_000, manual: 500 },
    });
    figures.feed(scan({ credential: 'paper' }));
    figures.feed(scan({ result: 'rejected', reason: 'already_scanned' }));
    figures.feed(scan({ direction: 'out' }));
    figures.feed(scan({ credential: 'manual', note: 'dead phone' }));
    expect(figures.snapshot()).toEqual({
      inside: 13_328,
      admittedBy: { rotating: 10_000, paper: 3_001, manual: 501 },
    });
  });

  it('does not count twice a scan that arrived on the feed before the figures that count it', () => {
    const figures = new LiveFigures();
    const early = [scan(), scan()];
    for (const s of early) figures.feed(s);
    const later = scan();
    figures.feed(later);
    // Read after the first two were recorded: they are in the 13,327; the third is not.
    figures.setFigures('evt_1', server(early[1]!.id));
    expect(figures.snapshot().inside).toBe(13_328);
    figures.feed(early[1]!); // a repeat on the feed changes nothing
    expect(figures.snapshot().inside).toBe(13_328);
  });

  it('when the figures overtake the feed, drops the scans they count as they arrive', () => {
    const figures = new LiveFigures();
    const counted = [scan(), scan()];
    figures.setFigures('evt_1', server(counted[1]!.id));
    for (const s of counted) figures.feed(s);
    expect(figures.snapshot().inside).toBe(13_327);
    figures.feed(scan());
    expect(figures.snapshot().inside).toBe(13_328);
  });

  it('a read again later takes over what the feed added up to it', () => {
    const figures = new LiveFigures();
    figures.setFigures('evt_1', server('scn_old'));
    const entries = [scan(), scan(), scan()];
    for (const s of entries) figures.feed(s);
    expect(figures.snapshot().inside).toBe(13_330);
    // The server counted the first two (and an exit the feed could not judge: 13,328, not 13,329).
    figures.setFigures('evt_1', server(entries[1]!.id, 13_328));
    expect(figures.snapshot().inside).toBe(13_329);
    // The same figures read again (no new scan) change nothing.
    figures.setFigures('evt_1', server(entries[1]!.id, 13_328));
    expect(figures.snapshot().inside).toBe(13_329);
    figures.setFigures('evt_1', server(entries[2]!.id, 13_329));
    expect(figures.snapshot().inside).toBe(13_329);
  });

  it('adds up every event in the all-events view, an event with no scans yet too', () => {
    const figures = new LiveFigures();
    figures.setFigures('evt_1', server('scn_x', 10));
    figures.setFigures('evt_2', {
      inside: 0,
      admittedBy: { rotating: 0, paper: 0, manual: 0 },
      lastScanId: null,
    });
    figures.feed(scan({ event_id: 'evt_2' }));
    figures.feed(scan({ event_id: 'evt_3' }));
    figures.feed(scan({ event_id: null, ticket_id: null, result: 'rejected', reason: 'malformed' }));
    expect(figures.snapshot().inside).toBe(12);
    expect(figures.snapshot().admittedBy.rotating).toBe(10_002);
  });

  it('never counts below nobody inside', () => {
    const figures = new LiveFigures();
    figures.setFigures('evt_1', server(null, 0));
    figures.feed(scan({ direction: 'out' }));
    expect(figures.snapshot().inside).toBe(0);
  });
});
