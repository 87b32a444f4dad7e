import type { EventCreate, EventPatch, EventView } from '../api/types.js';
import { currencyProblem } from '../../../shared/currencies.js';
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

/** A new event's body; an empty "on sale" means now (the server's default). */
export function parseEventCreate(form: EventForm): ParsedEventForm<EventCreate> {
  const errors: ParsedEventForm<EventCreate>['errors'] = {};
  const doors = localInputToIso(form.doors_at);
  if (doors === null) errors.doors_at = 'Enter the date and time doors open.';
  const onSale = localInputToIso(form.on_sale_at);
  if (form.on_sale_at.trim() && onSale === null) errors.on_sale_at = 'Enter a date and time, or leave empty.';
  // "USD" is read as usd; anything else that is not a code is refused here, never cut to three
  // letters ("dollars" once became "dol").
  const currency = form.currency.trim().toLowerCase();
  const currencyError = currencyProblem(currency);
  if (currencyError) errors.currency = currencyError;
  const capacity = parseCapacity(form.capacity);
  if (capacity === undefined) errors.capacity = 'Enter a number of people, or leave empty for no limit.';
  if (doors === null || Object.keys(errors).length > 0) return { body: null, errors };
  const body: EventCreate = {
    title: form.title.trim(),
    venue: form.venue.trim(),
    doors_at: doors,
    currency,
  };
  if (onSale !== null) body.on_sale_at = onSale;
  // The server's bounds (1 and up) are the server's to refuse, on this field.
  if (capacity !== null && capacity !== undefined) body.capacity = capacity;
  return { body, errors };
}

/** Only what changed on an existing event. */
export function eventChanges(original: EventView, form: EventForm): ParsedEventForm<EventPatch> {
  const parsed = parseEventCreate(form);
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
