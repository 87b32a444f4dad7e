import { describe, expect, it } from 'vitest';
import {
  checkedRecentlyMs,
  codeAt,
  noCodeText,
  noSignalText,
  offlineSupportNote,
  offlineUntilText,
  stripEndsAt,
  stripIsStale,
  stripRefreshAfterMs,
  walletCodeLabel,
} from '../../../src/shared/wallet-offline.js';
import { stripWindows, type StripToken } from '../../../src/shared/wallet-strip.js';

const iso = (ms: number): string => new Date(ms).toISOString();
const minute = 60_000;

/** A strip as the server makes it, with each code's text naming its window. */
function stripAt(nowMs: number, doorsAtMs: number): StripToken[] {
  return stripWindows(nowMs, doorsAtMs).map((start) => ({
    token: `code-${iso(start * 1000)}`,
    not_before: iso(start * 1000),
    not_after: iso((start + 300) * 1000),
  }));
}

const doors = Date.parse('2026-11-26T19:00:00Z');
const info = { doors_at: iso(doors), time_zone: 'America/New_York' };

describe('codeAt: the code a phone shows at a moment', () => {
  const made = Date.parse('2026-11-26T13:02:10Z');
  const tokens = stripAt(made, doors);

  it('is the window containing the moment, hours after the strip was made, with no signal', () => {
    const later = made + 3 * 3_600_000;
    expect(codeAt(tokens, null, later)?.token).toBe('code-2026-11-26T16:00:00.000Z');
    // Window edges: a window starts at its not_before and has ended at its not_after.
    expect(codeAt(tokens, null, Date.parse('2026-11-26T16:05:00Z'))?.token).toBe(
      'code-2026-11-26T16:05:00.000Z',
    );
    expect(codeAt(tokens, null, Date.parse('2026-11-26T16:04:59.999Z'))?.token).toBe(
      'code-2026-11-26T16:00:00.000Z',
    );
  });

  it('is nothing once the strip has run out (doors + 12 h), unless the live code covers the moment', () => {
    const after = doors + 12 * 3_600_000 + 1;
    expect(codeAt(tokens, null, after)).toBeUndefined();
    const live = { token: 'live', not_before: iso(after - minute), not_after: iso(after + 4 * minute) };
    expect(codeAt(tokens, live, after)?.token).toBe('live');
    expect(codeAt(tokens, live, after + 5 * minute)).toBeUndefined();
  });

  it('prefers the strip over the live code inside the strip', () => {
    const live = { token: 'live', not_before: iso(made - minute), not_after: iso(made + 4 * minute) };
    expect(codeAt(tokens, live, made)?.token).toBe('code-2026-11-26T13:00:00.000Z');
  });
});

describe('offlineUntilText: how long the phone can keep working offline, in the event zone', () => {
  it('names the end of a strip capped at 36 h, and asks for signal before then', () => {
    const made = Date.parse('2026-11-24T12:00:00Z'); // two days before doors: capped at 36 h
    const tokens = stripAt(made, doors);
    expect(stripEndsAt(tokens)).toBe(made + 36 * 3_600_000);
    expect(offlineUntilText(tokens, info, made)).toBe(
      'Works offline until Wed 25 Nov 2026, 19:00 (New York time). Open it once with signal before then to extend.',
    );
  });

  it('says the whole night is covered once the strip runs to doors + 12 h', () => {
    const made = Date.parse('2026-11-26T13:02:00Z');
    expect(offlineUntilText(stripAt(made, doors), info, made)).toBe(
      'Works offline all night: the codes are saved on this phone until Fri 27 Nov 2026, 02:00 (New York time).',
    );
  });

  it('says plainly when nothing is left before the night is over', () => {
    const made = Date.parse('2026-11-24T12:00:00Z'); // capped at 36 h: ends before the doors
    const tokens = stripAt(made, doors);
    const end = stripEndsAt(tokens)!;
    expect(offlineUntilText(tokens, info, end)).toMatch(/^No codes are saved on this phone for now/);
    expect(offlineUntilText([], info, made)).toMatch(/^No codes are saved/);
    expect(stripEndsAt([])).toBeNull();
  });

  it('says nothing once the night is over: no codes are kept past it, and asking for signal made no sense', () => {
    const made = Date.parse('2026-11-26T13:02:00Z');
    const tokens = stripAt(made, doors);
    const nightEnds = Date.parse(info.doors_at) + 12 * 3_600_000;
    expect(stripEndsAt(tokens)).toBe(nightEnds);
    expect(offlineUntilText(tokens, info, nightEnds - 1)).toMatch(/^Works offline all night/);
    expect(offlineUntilText(tokens, info, nightEnds)).toBeNull();
    expect(offlineUntilText([], info, nightEnds + 3_600_000)).toBeNull();
  });
});

describe('noSignalText: what the page says with no signal, and when its details were last checked', () => {
  const checked = Date.parse('2026-12-01T19:02:40Z'); // 14:02 in New York
  const plain = 'No signal: showing the code saved on this phone.';

  it('says when the details were last checked with the venue, in the event zone, once that is a while ago', () => {
    expect(noSignalText(checked, info, checked + 3 * 3_600_000)).toBe(
      'No signal: showing the ticket as last checked with the venue on Tue 1 Dec 2026, 14:02 (New York time). A change made since, such as a new doors time, shows when the signal is back.',
    );
    expect(noSignalText(checked, { time_zone: 'Europe/Amsterdam' }, checked + checkedRecentlyMs)).toContain(
      'on Tue 1 Dec 2026, 20:02 (Amsterdam time).',
    );
  });

  it('keeps the plain words just after a check, and for a copy kept before the check was recorded', () => {
    expect(noSignalText(checked, info, checked + checkedRecentlyMs - 1)).toBe(plain);
    expect(noSignalText(checked, info, checked)).toBe(plain);
    expect(noSignalText(null, info, checked + 3 * 3_600_000)).toBe(plain);
    expect(noSignalText(Number.NaN, info, checked + 3 * 3_600_000)).toBe(plain);
  });
});

describe('noCodeText: what the page says in place of a code it does not have', () => {
  const made = Date.parse('2026-11-26T13:02:00Z');
  const tokens = stripAt(made, doors); // to doors + 12 h: Fri 27 Nov, 02:00 in New York
  const end = stripEndsAt(tokens)!;

  it('says the codes ran out before the doors when the doors were moved past the end of the saved codes', () => {
    const postponed = { doors_at: iso(doors + 24 * 3_600_000), time_zone: 'America/New_York' };
    expect(noCodeText(tokens, postponed, end + 30 * minute)).toBe(
      'The codes saved on this phone ran out on Fri 27 Nov 2026, 02:00 (New York time), before the doors. Open this page with signal before you go, to get the codes for the night.',
    );
  });

  it('keeps the plain words after the night, with no codes at all, or inside the strip', () => {
    const plain = 'No code for this moment is saved on this phone: open this page with signal.';
    expect(noCodeText(tokens, info, end + 30 * minute)).toBe(plain);
    expect(noCodeText([], info, made)).toBe(plain);
  });
});

describe('stripIsStale: when a phone with signal asks for a fresh strip', () => {
  const now = Date.parse('2026-11-26T13:00:00Z');
  it('asks when it has none or one made 15 minutes ago or more', () => {
    expect(stripIsStale(null, now)).toBe(true);
    expect(stripIsStale({ generated_at: iso(now - stripRefreshAfterMs + 1) }, now)).toBe(false);
    expect(stripIsStale({ generated_at: iso(now - stripRefreshAfterMs) }, now)).toBe(true);
  });
  it('asks again for one made by a clock that ran ahead, or with no readable time', () => {
    expect(stripIsStale({ generated_at: iso(now + 2 * minute) }, now)).toBe(true);
    expect(stripIsStale({ generated_at: iso(now + 30_000) }, now)).toBe(false);
    expect(stripIsStale({ generated_at: 'yesterday' }, now)).toBe(true);
  });
});

describe('offlineSupportNote', () => {
  it('says nothing when the page can be reopened offline, and what to do when it cannot', () => {
    expect(offlineSupportNote('ready')).toBeNull();
    expect(offlineSupportNote('checking')).toBeNull();
    expect(offlineSupportNote('refused')).toMatch(/secure https:\/\/ address.*keep it open/);
    expect(offlineSupportNote('no_storage')).toMatch(/does not let the page save codes/);
  });
});

describe('walletCodeLabel: the code as a screen reader says it', () => {
  it('names the ticket and says what to do with the code, with or without a holder name', () => {
    expect(walletCodeLabel({ tier_name: 'Standard', attendee_name: 'Ada Blind' })).toBe(
      "Door code of this ticket (Standard, Ada Blind): hold the screen up to the steward's scanner at the door.",
    );
    expect(walletCodeLabel({ tier_name: 'Standard', attendee_name: null })).toBe(
      "Door code of this ticket (Standard): hold the screen up to the steward's scanner at the door.",
    );
  });
});
