import type { EventCreate, EventPatch, EventView } from '../api/types.js';
import { currencyProblem } from '../../../shared/currencies.js';
import { fieldLimits } from '../../../shared/field-limits.js';
import { isoToLocalInput, localInputToIso } from './datetime.js';

export interface EventForm {
  title: string;
  venue: string;
  doors_at: string;
  on_sale_at: string;
  currency: string;
  /** People inside at once; empty for no limit. */
  capacity: string;
}

export const eventFormFields = [
  'title',
  'venue',
  'doors_at',
  'on_sale_at',
  'currency',
  'capacity',
] as const satisfies readonly (keyof EventForm)[];

export function eventToForm(event?: EventView, defaultVenue = ''): EventForm {
  if (!event)
    return { title: '', venue: defaultVenue, doors_at: '', on_sale_at: '', currency: 'usd', capacity: '' };
  return {
    title: event.title,
    venue: event.venue,
    doors_at: isoToLocalInput(event.doors_at),
    on_sale_at: isoToLocalInput(event.on_sale_at),
    currency: event.currency,
    capacity: event.capacity === null ? '' : String(event.capacity),
  };
}

/** Empty is no limit (null); otherwise a whole number of people, else undefined (say so). */
function parseCapacity(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

export interface ParsedEventForm<T> {
  body: T | null;
  errors: Partial<Record<keyof EventForm, string>>;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Title and venue in the words of the form, against the server's bounds (src/shared/field-limits.ts). */
function textProblem(
  text: string,
  limits: { maxLength: number },
  empty: string,
  what: string,
): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  if (trimmed.length > limits.maxLength)
    return `Keep the ${what} to ${count(limits.maxLength)} characters; this one has ${count(trimmed.length)}.`;
  return null;
}

function capacityProblem(capacity: number | null | undefined): string | null {
  if (capacity === undefined) return 'Enter a number of people, or leave empty for no limit.';
  const { minimum, maximum } = fieldLimits.capacity;
  if (capacity !== null && capacity < minimum) return 'At least one person, or leave empty for no limit.';
  if (capacity !== null && capacity > maximum) return `At most ${count(maximum)} people.`;
  return null;
}

/** Doors already open cannot be sold towards: the server refuses to publish such an event. */
export const doorsInPast = 'Doors open in the past: pick a time still to come.';

/**
 * A new event's body; an empty "on sale" means now (the server's default). `now` (ms) refuses a
 * doors time already gone; pass null to skip that check (an edit that keeps the doors time).
 */
export function parseEventCreate(
  form: EventForm,
  now: number | null = Date.now(),
): ParsedEventForm<EventCreate> {
  const errors: ParsedEventForm<EventCreate>['errors'] = {};
  const title = textProblem(form.title, fieldLimits.title, 'Give the event a title.', 'title');
  if (title) errors.title = title;
  const venue = textProblem(form.venue, fieldLimits.venue, 'Say where it happens.', 'venue');
  if (venue) errors.venue = venue;
  const doors = localInputToIso(form.doors_at);
  if (doors === null) errors.doors_at = 'Enter the date and time doors open.';
  else if (now !== null && Date.parse(doors) <= now) errors.doors_at = doorsInPast;
  const onSale = localInputToIso(form.on_sale_at);
  if (form.on_sale_at.trim() && onSale === null) errors.on_sale_at = 'Enter a date and time, or leave empty.';
  // "USD" is read as usd; anything else that is not a code is refused here, never cut to three
  // letters ("dollars" once became "dol").
  const currency = form.currency.trim().toLowerCase();
  const currencyError = currencyProblem(currency);
  if (currencyError) errors.currency = currencyError;
  const capacity = parseCapacity(form.capacity);
  const capacityError = capacityProblem(capacity);
  if (capacityError) errors.capacity = capacityError;
  if (doors === null || Object.keys(errors).length > 0) return { body: null, errors };
  const body: EventCreate = {
    title: form.title.trim(),
    venue: form.venue.trim(),
    doors_at: doors,
    currency,
  };
  if (onSale !== null) body.on_sale_at = onSale;
  if (capacity !== null && capacity !== undefined) body.capacity = capacity;
  return { body, errors };
}

/**
 * Only what changed on an existing event. A doors time already past is refused only when it is
 * being changed: the title of last night's show can still be corrected.
 */
export function eventChanges(
  original: EventView,
  form: EventForm,
  now: number = Date.now(),
): ParsedEventForm<EventPatch> {
  const doorsChanged =
    localInputToIso(form.doors_at) !== null && form.doors_at !== isoToLocalInput(original.doors_at);
  const parsed = parseEventCreate(form, doorsChanged ? now : null);
  if (!parsed.body) return { body: null, errors: parsed.errors };
  const next = parsed.body;
  const patch: EventPatch = {};
  if (next.title !== original.title) patch.title = next.title;
  if (next.venue !== original.venue) patch.venue = next.venue;
  if (Date.parse(next.doors_at) !== Date.parse(original.doors_at)) patch.doors_at = next.doors_at;
  if (next.on_sale_at !== undefined && Date.parse(next.on_sale_at) !== Date.parse(original.on_sale_at)) {
    patch.on_sale_at = next.on_sale_at;
  }
  if (next.currency !== undefined && next.currency !== original.currency) patch.currency = next.currency;
  const capacity = next.capacity ?? null;
  if (capacity !== original.capacity) patch.capacity = capacity;
  return { body: patch, errors: {} };
}
