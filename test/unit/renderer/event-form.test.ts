import { describe, expect, it } from 'vitest';
import type { EventView } from '../../../src/renderer/src/api/types.js';
import { localInputToIso } from '../../../src/renderer/src/lib/datetime.js';
import { eventChanges, eventToForm, parseEventCreate } from '../../../src/renderer/src/lib/event-form.js';

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

describe('event form', () => {
  it('builds a create body; an empty on-sale time is left to the server', () => {
    const parsed = parseEventCreate({
      title: ' Gala ',
      venue: 'Hall',
      doors_at: '2026-12-31T20:00',
      on_sale_at: '',
      currency: 'USD',
      capacity: '',
    });
    expect(parsed.body).toEqual({
      title: 'Gala',
      venue: 'Hall',
      doors_at: localInputToIso('2026-12-31T20:00'),
      currency: 'usd',
    });
  });

  it('refuses a currency that is not an ISO 4217 code instead of cutting it to three letters', () => {
    const form = { ...eventToForm(), title: 'x', venue: 'y', doors_at: '2026-12-31T20:00' };
    const parsed = parseEventCreate({ ...form, currency: 'dollars' });
    expect(parsed.body).toBeNull();
    expect(parsed.errors.currency).toMatch(/'dollars' is not an ISO 4217 currency code/);
    expect(parseEventCreate({ ...form, currency: 'xyz' }).errors.currency).toBeDefined();
    expect(parseEventCreate({ ...form, currency: ' JPY ' }).body?.currency).toBe('jpy');
  });

  it('needs the doors time', () => {
    expect(parseEventCreate({ ...eventToForm(), title: 'x', venue: 'y' }).errors).toHaveProperty('doors_at');
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
