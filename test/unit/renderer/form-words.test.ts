import { describe, expect, it } from 'vitest';
import {
  eventChanges,
  eventToForm,
  parseEventCreate,
  type EventForm,
} from '../../../src/renderer/src/lib/event-form.js';
import { parseTierForm, tierToForm, type TierForm } from '../../../src/renderer/src/lib/tier-form.js';
import type { EventView } from '../../../src/renderer/src/api/types.js';

const now = Date.parse('2026-11-28T12:00:00Z');
const event: EventForm = {
  ...eventToForm(undefined, { venue: '', timezone: 'UTC' }),
  title: 'Night show',
  venue: 'Main hall',
  doors_at: '2026-12-31T20:00',
};
const tier: TierForm = { ...tierToForm(undefined, 'UTC'), name: 'General', price: '25.00' };

/**
 * Every schema keyword of the event and tier bodies (src/shared/field-limits.ts), as the forms
 * say it at the field: a person never meets "must NOT have fewer than 1 characters".
 */
describe('event form: each schema rule in words, at its field', () => {
  it.each<[string, Partial<EventForm>, keyof EventForm, string]>([
    ['minLength title', { title: '  ' }, 'title', 'Give the event a title.'],
    [
      'maxLength title',
      { title: 'x'.repeat(201) },
      'title',
      'Keep the title to 200 characters; this one has 201.',
    ],
    ['minLength venue', { venue: '' }, 'venue', 'Say where it happens.'],
    [
      'maxLength venue',
      { venue: 'v'.repeat(250) },
      'venue',
      'Keep the venue to 200 characters; this one has 250.',
    ],
    ['format date-time doors_at', { doors_at: 'soon' }, 'doors_at', 'Enter the date and time doors open.'],
    [
      'format date-time on_sale_at',
      { on_sale_at: 'tomorrow' },
      'on_sale_at',
      'Enter a date and time, or leave empty.',
    ],
    [
      'doors in the past',
      { doors_at: '2026-11-01T20:00' },
      'doors_at',
      'Doors open in the past: pick a time still to come.',
    ],
    [
      'unknown time zone',
      { timezone: 'Mars/Olympus' },
      'timezone',
      "'Mars/Olympus' is not a time zone. Pick one from the list, such as America/New_York, Europe/London or UTC.",
    ],
    [
      'no time zone',
      { timezone: ' ' },
      'timezone',
      'Choose the time zone the event happens in, e.g. America/New_York.',
    ],
    [
      'doors at a time the clocks skip',
      { timezone: 'America/New_York', doors_at: '2027-03-14T02:30' },
      'doors_at',
      '02:30 does not exist on 14 Mar 2027 in New York time: the clocks go forward that night. Pick a time before or after the change.',
    ],
    ['minimum capacity', { capacity: '0' }, 'capacity', 'At least one person, or leave empty for no limit.'],
    ['maximum capacity', { capacity: '1000001' }, 'capacity', 'At most 1,000,000 people.'],
    [
      'type capacity',
      { capacity: '12.5' },
      'capacity',
      'Enter a number of people, or leave empty for no limit.',
    ],
    [
      'format currency',
      { currency: 'xyz' },
      'currency',
      "'xyz' is not a currency code: type the currency's three letters, e.g. eur for euros, gbp for pounds, usd for US dollars.",
    ],
  ])('%s', (_rule, change, field, words) => {
    const parsed = parseEventCreate({ ...event, ...change }, now);
    expect(parsed.body).toBeNull();
    expect(parsed.errors[field]).toBe(words);
  });

  it('a past doors time blocks an edit only when the doors time is what changes', () => {
    const past: EventView = {
      id: 'evt_1',
      title: 'Last night',
      venue: 'Main hall',
      doors_at: '2026-11-01T19:00:00.000Z',
      on_sale_at: '2026-10-01T09:00:00.000Z',
      status: 'published',
      url: 'http://x/e/evt_1',
      currency: 'usd',
      timezone: 'UTC',
      capacity: null,
      created_at: '2026-10-01T09:00:00.000Z',
    };
    const form = eventToForm(past);
    expect(eventChanges(past, { ...form, title: 'Last night (sold out)' }, now).body).toEqual({
      title: 'Last night (sold out)',
    });
    expect(eventChanges(past, { ...form, doors_at: '2026-11-02T19:00' }, now).errors.doors_at).toBe(
      'Doors open in the past: pick a time still to come.',
    );
  });
});

describe('tier form: each schema rule in words, at its field', () => {
  it.each<[string, Partial<TierForm>, keyof TierForm, string]>([
    ['minLength name', { name: '' }, 'name', 'Give the tier a name.'],
    [
      'maxLength name',
      { name: 'n'.repeat(201) },
      'name',
      'Keep the name to 200 characters; this one has 201.',
    ],
    [
      'type price',
      { price: 'free' },
      'price',
      '“free” is not an amount: type the price of one ticket in digits, like 25.00; thousands may be grouped, as 1,234.50 or 1.234,50.',
    ],
    ['maximum price', { price: '1000000.01' }, 'price', 'A ticket can cost at most $1,000,000.00.'],
    ['type quantity', { quantity: 'lots' }, 'quantity', 'Enter a whole number.'],
    ['maximum quantity', { quantity: '1000001' }, 'quantity', 'At most 1,000,000 tickets in one tier.'],
    [
      'minimum max_per_order',
      { max_per_order: '0' },
      'max_per_order',
      'Between 1 and 100 tickets per order.',
    ],
    [
      'maximum max_per_order',
      { max_per_order: '101' },
      'max_per_order',
      'Between 1 and 100 tickets per order.',
    ],
    [
      'minLength access_code',
      { visibility: 'access_code', access_code: ' ' },
      'access_code',
      'Give the code buyers will type.',
    ],
    [
      'maxLength access_code',
      { visibility: 'access_code', access_code: 'c'.repeat(65) },
      'access_code',
      'Keep the code to 64 characters.',
    ],
    [
      'format date-time sale_starts_at',
      { sale_starts_at: 'later' },
      'sale_starts_at',
      'Enter a date and time.',
    ],
  ])('%s', (_rule, change, field, words) => {
    const parsed = parseTierForm({ ...tier, ...change }, { currency: 'usd', timezone: 'UTC' });
    expect(parsed.body).toBeNull();
    expect(parsed.errors[field]).toBe(words);
  });

  it('passes a tier within every bound', () => {
    expect(
      parseTierForm(
        { ...tier, max_per_order: '100', quantity: '1000000' },
        { currency: 'usd', timezone: 'UTC' },
      ).errors,
    ).toEqual({});
  });
});
