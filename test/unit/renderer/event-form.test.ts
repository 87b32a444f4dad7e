import { describe, expect, it } from 'vitest';
import type { EventView } from '../../../src/renderer/src/api/types.js';
import { ApiRequestError } from '../../../src/renderer/src/api/api-error.js';
import {
  checkBeforeSave,
  clashNote,
  clashStoppedSave,
  clashedFields,
  doorsMovedLaterWarning,
  eventChanges,
  eventFormFields,
  eventToForm,
  followEvent,
  onSaleAfterDoorsWarning,
  parseEventCreate,
  sameEventForm,
  takeTheirs,
} from '../../../src/renderer/src/lib/event-form.js';
import { splitError } from '../../../src/renderer/src/lib/field-errors.js';

const event: EventView = {
  id: 'evt_1',
  title: 'Night show',
  venue: 'Main hall',
  doors_at: '2026-12-24T19:00:00.000Z',
  on_sale_at: '2026-11-22T12:00:00.000Z',
  status: 'draft',
  url: 'http://venue.test/e/evt_1',
  currency: 'usd',
  timezone: 'UTC',
  capacity: null,
  created_at: '2026-11-22T12:00:00.000Z',
};

const utcDefaults = { venue: '', timezone: 'UTC' };

describe('event form', () => {
  it('builds a create body; an empty on-sale time is left to the server', () => {
    const parsed = parseEventCreate({
      title: ' Gala ',
      venue: 'Hall',
      doors_at: '2026-12-31T20:00',
      on_sale_at: '',
      timezone: 'UTC',
      currency: 'USD',
      capacity: '',
    });
    expect(parsed.body).toEqual({
      title: 'Gala',
      venue: 'Hall',
      doors_at: '2026-12-31T20:00:00.000Z',
      timezone: 'UTC',
      currency: 'usd',
    });
  });

  it('refuses a currency that is not a currency code instead of cutting it to three letters', () => {
    const form = {
      ...eventToForm(undefined, utcDefaults),
      title: 'x',
      venue: 'y',
      doors_at: '2026-12-31T20:00',
    };
    const parsed = parseEventCreate({ ...form, currency: 'dollars' });
    expect(parsed.body).toBeNull();
    expect(parsed.errors.currency).toBe(
      "'dollars' is not a currency code: type the currency's three letters, e.g. eur for euros, gbp for pounds, usd for US dollars.",
    );
    expect(parseEventCreate({ ...form, currency: 'xyz' }).errors.currency).toBeDefined();
    expect(parseEventCreate({ ...form, currency: ' JPY ' }).body?.currency).toBe('jpy');
    // A sign that names one currency is read as its code; "$" names several, so it is asked.
    expect(parseEventCreate({ ...form, currency: '€' }).body?.currency).toBe('eur');
    expect(parseEventCreate({ ...form, currency: ' £ ' }).body?.currency).toBe('gbp');
    expect(parseEventCreate({ ...form, currency: '$' }).errors.currency).toMatch(
      /^'\$' is not a currency code/,
    );
  });

  it('needs the doors time', () => {
    expect(
      parseEventCreate({ ...eventToForm(undefined, utcDefaults), title: 'x', venue: 'y' }).errors,
    ).toHaveProperty('doors_at');
  });

  it('round-trips an event through the form with no changes, then patches only the edit', () => {
    const form = eventToForm(event);
    expect(eventChanges(event, form).body).toEqual({});
    expect(eventChanges(event, { ...form, title: 'Late show' }).body).toEqual({ title: 'Late show' });
  });

  it('takes a capacity, sends none for an empty field, and clears one with null', () => {
    const form = { ...eventToForm(event), capacity: ' 450 ' };
    expect(parseEventCreate(form).body?.capacity).toBe(450);
    expect(parseEventCreate({ ...form, capacity: '' }).body).not.toHaveProperty('capacity');
    expect(parseEventCreate({ ...form, capacity: 'lots' }).errors.capacity).toMatch(/number of people/);
    expect(parseEventCreate({ ...form, capacity: '12.5' }).body).toBeNull();
    expect(eventChanges(event, form).body).toEqual({ capacity: 450 });
    const limited = { ...event, capacity: 450 };
    expect(eventToForm(limited).capacity).toBe('450');
    expect(eventChanges(limited, { ...form, capacity: '' }).body).toEqual({ capacity: null });
    expect(eventChanges(limited, form).body).toEqual({});
  });
});

describe("event form on the event's clock", () => {
  const newYork: EventView = {
    ...event,
    doors_at: '2026-12-25T00:00:00.000Z',
    on_sale_at: '2026-11-22T12:00:37.120Z',
    timezone: 'America/New_York',
  };

  it("sends New York's doors 19:00 as midnight UTC whatever zone the till is in", () => {
    const parsed = parseEventCreate(
      {
        ...eventToForm(undefined, { venue: 'Bowery Ballroom', timezone: 'America/New_York' }),
        title: 'Tour date',
        doors_at: '2026-12-24T19:00',
        on_sale_at: '2026-12-01T10:00',
      },
      Date.parse('2026-11-28T12:00:00Z'),
    );
    expect(parsed.errors).toEqual({});
    expect(parsed.body).toMatchObject({
      doors_at: '2026-12-25T00:00:00.000Z',
      on_sale_at: '2026-12-01T15:00:00.000Z',
      timezone: 'America/New_York',
    });
  });

  it('shows an event on its own clock, and an untouched edit changes nothing', () => {
    const form = eventToForm(newYork);
    expect(form).toMatchObject({
      doors_at: '2026-12-24T19:00',
      on_sale_at: '2026-11-22T07:00',
      timezone: 'America/New_York',
    });
    // The on-sale time's seconds are not in the form: leaving it alone must not move it to 07:00:00.
    expect(eventChanges(newYork, { ...form, title: 'Late show' }).body).toEqual({ title: 'Late show' });
  });

  it('opens doors at the second 01:30 of the night the clocks go back when picked, and keeps it on edit', () => {
    const now = Date.parse('2027-10-01T12:00:00Z');
    const typed = {
      ...eventToForm(undefined, { venue: 'Bowery Ballroom', timezone: 'America/New_York' }),
      title: 'Late late show',
      doors_at: '2027-11-07T01:30',
    };
    // 01:30 EDT (−04:00) unless the second, 01:30 EST (−05:00), is picked.
    expect(parseEventCreate(typed, now).body?.doors_at).toBe('2027-11-07T05:30:00.000Z');
    const second = parseEventCreate({ ...typed, picks: { doors_at: 'second' } }, now).body!;
    expect(second.doors_at).toBe('2027-11-07T06:30:00.000Z');
    const saved: EventView = { ...newYork, doors_at: second.doors_at };
    const form = eventToForm(saved);
    expect(form.picks?.doors_at).toBe('second');
    expect(eventChanges(saved, form, now).body).toEqual({});
    // Picking the first again moves the doors an hour earlier.
    expect(eventChanges(saved, { ...form, picks: { doors_at: 'first' } }, now).body).toEqual({
      doors_at: '2027-11-07T05:30:00.000Z',
    });
  });

  it('keeps the wall times typed when the zone changes, so both times move with it', () => {
    const form = eventToForm(newYork);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(eventChanges(newYork, { ...form, timezone: 'Europe/London' }, now).body).toEqual({
      timezone: 'Europe/London',
      doors_at: '2026-12-24T19:00:00.000Z',
      on_sale_at: '2026-11-22T07:00:00.000Z',
    });
    // A zone in another letter case is the same zone, as the server would store it.
    expect(eventChanges(newYork, { ...form, timezone: 'america/new_york' }, now).body).toEqual({});
  });

  it("puts the server's refusal of a zone on the Time zone field", () => {
    // A zone this browser knows but the venue server's older time-zone data does not.
    const refusal = new ApiRequestError(
      400,
      'invalid_field',
      "'America/Ciudad_Juarez' is not a time zone this server knows.",
      'timezone',
    );
    expect(splitError(refusal, eventFormFields)).toEqual({
      fields: { timezone: "'America/Ciudad_Juarez' is not a time zone this server knows." },
      form: null,
    });
  });

  it('refuses an unknown zone at its field and sends nothing', () => {
    const parsed = eventChanges(newYork, { ...eventToForm(newYork), timezone: 'New York' });
    expect(parsed.body).toBeNull();
    expect(parsed.errors.timezone).toMatch(/'New York' is not a time zone/);
  });
});

describe('followEvent (the event read again while its form is open)', () => {
  const opened = eventToForm(event);
  // Another till renamed the show and moved the doors an hour later.
  const elsewhere: EventView = { ...event, title: 'Night show (late)', doors_at: '2026-12-24T20:00:00.000Z' };
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('keeps what was typed and brings every untouched field up to the server', () => {
    const typed = { ...opened, venue: 'Small hall', capacity: '80' };
    const next = followEvent(typed, opened, eventToForm(elsewhere));
    expect(next).toMatchObject({
      title: 'Night show (late)',
      venue: 'Small hall',
      doors_at: '2026-12-24T20:00',
      capacity: '80',
    });
    // Saved, it sends only what was typed here: the other till's rename and doors stay.
    expect(eventChanges(elsewhere, next, now).body).toEqual({ venue: 'Small hall', capacity: 80 });
  });

  it('keeps a typed title and doors over the ones read again', () => {
    const typed = { ...opened, title: 'Gala', doors_at: '2026-12-24T21:00' };
    const next = followEvent(typed, opened, eventToForm(elsewhere));
    expect(next).toMatchObject({ title: 'Gala', doors_at: '2026-12-24T21:00' });
  });

  it('moves a time with its pick of the repeated hour, and keeps a typed pick with its time', () => {
    const zone = { ...event, timezone: 'America/New_York', doors_at: '2027-11-07T05:30:00.000Z' };
    const base = eventToForm(zone);
    const second = eventToForm({ ...zone, doors_at: '2027-11-07T06:30:00.000Z' });
    expect(second.picks?.doors_at).toBe('second');
    expect(followEvent(base, base, second).picks?.doors_at).toBe('second');
    const picked = { ...base, picks: { ...base.picks, doors_at: 'second' as const } };
    expect(followEvent(picked, base, eventToForm(elsewhere))).toMatchObject({
      doors_at: '2027-11-07T01:30',
      picks: { doors_at: 'second' },
    });
  });

  it('tells an event read again unchanged from one changed', () => {
    expect(sameEventForm(eventToForm(event), eventToForm({ ...event }))).toBe(true);
    expect(sameEventForm(opened, eventToForm(elsewhere))).toBe(false);
    expect(sameEventForm(opened, { ...opened, picks: { doors_at: 'second' } })).toBe(false);
  });
});

describe('clashedFields (a field typed here that another till also changed)', () => {
  const opened = eventToForm(event);
  // Another till moved the show to the Main Hall, an hour later, and capped it at 200.
  const theirs = eventToForm({
    ...event,
    venue: 'Main Hall',
    doors_at: '2026-12-24T20:00:00.000Z',
    capacity: 200,
  });

  it('names each typed field the other till changed to something else, not the untouched or agreeing ones', () => {
    const typed = { ...opened, venue: 'Back room', doors_at: '2026-12-24T21:00', title: 'Night show!' };
    // Title typed but not changed elsewhere; capacity changed elsewhere but not typed.
    expect(clashedFields([], typed, opened, theirs)).toEqual(['venue', 'doors_at']);
    // Typed the same as the other till saved: nothing to say.
    expect(clashedFields([], { ...opened, venue: 'Main Hall' }, opened, theirs)).toEqual([]);
    // Nothing changed elsewhere: nothing to say.
    expect(clashedFields([], typed, opened, opened)).toEqual([]);
  });

  it('keeps saying it across later reads, until the typed value equals theirs', () => {
    const typed = { ...opened, venue: 'Back room' };
    const said = clashedFields([], typed, opened, theirs);
    // Read again unchanged (the form now follows `theirs`): still said.
    expect(clashedFields(said, typed, theirs, theirs)).toEqual(['venue']);
    // Typed to agree: gone.
    expect(clashedFields(said, { ...typed, venue: 'Main Hall' }, theirs, theirs)).toEqual([]);
    // "Use theirs" puts their venue in and the note goes; the other fields stay as typed.
    const taken = takeTheirs({ ...typed, capacity: '80' }, theirs, 'venue');
    expect(taken).toMatchObject({ venue: 'Main Hall', capacity: '80' });
    expect(clashedFields(said, taken, theirs, theirs)).toEqual([]);
  });

  it('takes their time with its pick of the repeated hour', () => {
    const zone = { ...event, timezone: 'America/New_York', doors_at: '2027-11-07T05:30:00.000Z' };
    const base = eventToForm(zone);
    const second = eventToForm({ ...zone, doors_at: '2027-11-07T06:30:00.000Z' });
    const typed = { ...base, doors_at: '2027-11-07T03:00' };
    expect(clashedFields([], typed, base, second)).toEqual(['doors_at']);
    expect(takeTheirs(typed, second, 'doors_at')).toMatchObject({
      doors_at: '2027-11-07T01:30',
      picks: { doors_at: 'second' },
    });
    // Picked the second 01:30 here, and the other till saved that same moment: they agree.
    expect(clashedFields([], { ...base, picks: { doors_at: 'second' } }, base, second)).toEqual([]);
  });

  it("says what the other till saved in plain words, times on the event's clock", () => {
    expect(clashNote(theirs, 'venue')).toBe(
      'Changed at another till to “Main Hall” since you started typing. Save keeps yours.',
    );
    const london = eventToForm({ ...event, timezone: 'Europe/London', doors_at: '2026-12-24T20:00:00.000Z' });
    // As the box office shows event times; the zone named when this till is elsewhere.
    expect(clashNote(london, 'doors_at')).toMatch(
      /^Changed at another till to “Thu, 24 Dec 2026, 20:00( GMT)?” since you started typing\. Save keeps yours\.$/,
    );
    expect(clashNote({ ...theirs, capacity: '' }, 'capacity')).toBe(
      'Changed at another till to “no limit” since you started typing. Save keeps yours.',
    );
  });

  it('typed over theirs and saved, sends what was typed', () => {
    const typed = { ...opened, venue: 'Back room' };
    const server = { ...event, venue: 'Main Hall' };
    const next = followEvent(typed, opened, eventToForm(server));
    expect(eventChanges(server, next, Date.parse('2026-12-01T12:00:00Z')).body).toEqual({
      venue: 'Back room',
    });
  });
});

describe('checkBeforeSave (Save reads the event again before sending)', () => {
  const opened = eventToForm(event);
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('sends a field another till changed and this one did not as theirs, never the old read', () => {
    // Another till moved the doors an hour later after this form last read the event.
    const server: EventView = { ...event, doors_at: '2026-12-24T20:00:00.000Z' };
    const typed = { ...opened, title: 'Night show (late)' };
    const check = checkBeforeSave([], typed, opened, eventToForm(server));
    expect(check).toMatchObject({ clashes: [], unseen: [] });
    expect(check.form).toMatchObject({ title: 'Night show (late)', doors_at: '2026-12-24T20:00' });
    expect(eventChanges(server, check.form, now).body).toEqual({ title: 'Night show (late)' });
  });

  it('keeps their doors when only the zone is changed here (the zone carries the wall times with it)', () => {
    // The form as last read: London, doors 19:00. Another till moved the doors to 21:00 London.
    const london: EventView = { ...event, timezone: 'Europe/London' };
    const server: EventView = { ...london, doors_at: '2026-12-24T21:00:00.000Z' };
    const base = eventToForm(london);
    const typed = { ...base, timezone: 'Europe/Paris' };
    // Sent on the old read, the zone change would carry the old 19:00 with it and undo their move.
    expect(eventChanges(server, typed, now).body).toMatchObject({ doors_at: '2026-12-24T18:00:00.000Z' });
    const check = checkBeforeSave([], typed, base, eventToForm(server));
    expect(check.unseen).toEqual([]);
    expect(eventChanges(server, check.form, now).body).toMatchObject({
      timezone: 'Europe/Paris',
      doors_at: '2026-12-24T20:00:00.000Z',
    });
  });

  it('stops on a field typed here that another till changed, until its note has been seen', () => {
    const server = eventToForm({ ...event, venue: 'Main Hall' });
    const typed = { ...opened, venue: 'Back room', capacity: '80' };
    const first = checkBeforeSave([], typed, opened, server);
    expect(first).toMatchObject({ clashes: ['venue'], unseen: ['venue'] });
    // What was typed stays in the form, to keep or to swap for theirs.
    expect(first.form).toMatchObject({ venue: 'Back room', capacity: '80' });
    // Save again, theirs unchanged: the note was seen and the typed venue is kept.
    const second = checkBeforeSave(first.clashes, first.form, server, server);
    expect(second).toMatchObject({ clashes: ['venue'], unseen: [] });
    expect(second.form.venue).toBe('Back room');
    // "Use theirs" before the second Save: no clash left, nothing of the venue to send.
    const taken = takeTheirs(first.form, server, 'venue');
    expect(checkBeforeSave(first.clashes, taken, server, server)).toMatchObject({ clashes: [], unseen: [] });
  });

  it('stops again when the other till changed a clashed field again since its note', () => {
    const hall = eventToForm({ ...event, venue: 'Main Hall' });
    const later = eventToForm({ ...event, venue: 'Garden' });
    const typed = { ...hall, venue: 'Back room' };
    expect(checkBeforeSave(['venue'], typed, hall, later)).toMatchObject({
      clashes: ['venue'],
      unseen: ['venue'],
    });
  });

  it('says which fields stopped the save, in words', () => {
    expect(clashStoppedSave(['venue'], 'Save changes')).toBe(
      'Not saved: another till changed the venue since you started typing. Keep yours or use theirs (said under each), then press “Save changes” again.',
    );
    expect(clashStoppedSave(['title', 'venue', 'doors_at'], 'Save changes')).toMatch(
      /^Not saved: another till changed the title, the venue and the doors time since/,
    );
  });
});

describe('doorsMovedLaterWarning', () => {
  const form = (doors: string) => ({ ...eventToForm(event), doors_at: doors });
  const paper = (sold: number, voided = 0) => ({ sold, voided, paper_pass: true });
  const phoneOnly = (sold: number) => ({ sold, voided: 0, paper_pass: false });

  it('warns before saving doors moved past the life of the paper passes already sold', () => {
    // The time is the event's clock (with its zone's name when the till is elsewhere).
    const words =
      doorsMovedLaterWarning(event, form('2026-12-27T19:00'), [paper(10, 1), paper(3), phoneOnly(40)]) ?? '';
    expect(words).toMatch(
      /^The 12 tickets already sold, if printed or mailed, stop getting in after Fri, 25 Dec 2026, 19:00( \S+)?, before the new doors: the door will refuse them as out of date\. After saving, their holders need them sent again \(Orders → Email tickets…\) or reprinted\. Wallet links keep working\.$/,
    );
  });

  it('says nothing within a day of the old doors, for earlier doors, or with no paper ticket sold', () => {
    expect(doorsMovedLaterWarning(event, form('2026-12-27T19:00'), [paper(2, 1)])).toMatch(
      /^The ticket already sold, if printed or mailed, stops getting in after .* its holder needs it sent again /,
    );
    expect(doorsMovedLaterWarning(event, form('2026-12-25T19:00'), [paper(12)])).toBeNull();
    expect(doorsMovedLaterWarning(event, form('2026-12-20T19:00'), [paper(12)])).toBeNull();
    expect(doorsMovedLaterWarning(event, form('2026-12-31T19:00'), [])).toBeNull();
    expect(doorsMovedLaterWarning(event, form('not a time'), [paper(12)])).toBeNull();
    // Phone-only tickets follow the new doors on their wallet page; voided ones get nobody in.
    expect(doorsMovedLaterWarning(event, form('2026-12-31T19:00'), [phoneOnly(30), paper(2, 2)])).toBeNull();
  });
});

describe('onSaleAfterDoorsWarning', () => {
  const form = (doors: string, onSale: string) => ({
    ...eventToForm(event),
    doors_at: doors,
    on_sale_at: onSale,
  });

  it('warns when sales would open at or after the doors (a day typed wrong)', () => {
    expect(onSaleAfterDoorsWarning(form('2026-12-05T21:00', '2026-12-06T10:00'))).toMatch(
      /^Sales open Sun, 6 Dec 2026, 10:00( \S+)?, at or after the doors \(Sat, 5 Dec 2026, 21:00( \S+)?\): nothing can be bought ahead\./,
    );
    expect(onSaleAfterDoorsWarning(form('2026-12-05T21:00', '2026-12-05T21:00'))).toMatch(
      /^Sales open Sat, 5 Dec 2026, 21:00( \S+)?, at or after the doors \(Sat, 5 Dec 2026, 21:00( \S+)?\)/,
    );
  });

  it('says nothing for sales opening before the doors, from now, or a form not yet readable', () => {
    expect(onSaleAfterDoorsWarning(form('2026-12-05T21:00', '2026-11-30T10:00'))).toBeNull();
    expect(onSaleAfterDoorsWarning(form('2026-12-05T21:00', ''))).toBeNull();
    expect(onSaleAfterDoorsWarning(form('not a time', '2026-12-06T10:00'))).toBeNull();
  });
});
