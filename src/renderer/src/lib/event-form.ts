import type { EventCreate, EventPatch, EventView, TierView } from '../api/types.js';
import { normalizeTimeZone } from '../../../shared/attendee-time.js';
import { currencyProblem } from '../../../shared/currencies.js';
import { fieldLimits } from '../../../shared/field-limits.js';
import {
  formatEventTime,
  isoToWallTime,
  readWallTime,
  repeatedPickOf,
  type RepeatedPick,
} from './zoned-time.js';

export interface EventForm {
  title: string;
  venue: string;
  /** Wall times in `timezone` (the venue's clock), as `datetime-local` inputs give them. */
  doors_at: string;
  on_sale_at: string;
  /** IANA name of the event's zone, e.g. America/New_York. */
  timezone: string;
  currency: string;
  /** People inside at once; empty for no limit. */
  capacity: string;
  /** For a time typed in the hour the clocks go back, which of its two moments (the first unless said). */
  picks?: Partial<Record<'doors_at' | 'on_sale_at', RepeatedPick>>;
}

export const eventFormFields = [
  'title',
  'venue',
  'doors_at',
  'on_sale_at',
  'timezone',
  'currency',
  'capacity',
] as const satisfies readonly (keyof EventForm)[];

/**
 * What a new event starts from: the venue's name and the server's own zone (Settings has both),
 * and the money of the venue's latest event (`newEventCurrency`), usd for the first.
 */
export interface NewEventDefaults {
  venue: string;
  timezone: string;
  currency?: string;
}

/** Signs that name one currency only ($ and ¥ name several), read as its code. */
const currencySigns: Readonly<Record<string, string>> = { '€': 'eur', '£': 'gbp', '₹': 'inr', '₩': 'krw' };

/** What the Currency field says, as the code the server takes: "EUR" and "€" are both eur. */
export function currencyTyped(text: string): string {
  const typed = text.trim().toLowerCase();
  return currencySigns[typed] ?? typed;
}

/**
 * A refused currency in a manager's words: the server's names the standard ("not an ISO 4217
 * currency code"), which told someone who typed "$" or "euro" nothing about what to type.
 */
export function currencyWords(typed: string): string {
  return `'${typed}' is not a currency code: type the currency's three letters, e.g. eur for euros, gbp for pounds, usd for US dollars.`;
}

/**
 * There is no venue-wide currency: each event has its own. A venue that sells in euros typed
 * "eur" on its first event and then got usd on every next one, easy to miss and then sold in
 * the wrong money. The latest event created says what this venue uses.
 */
export function newEventCurrency(events: readonly Pick<EventView, 'currency' | 'created_at'>[]): string {
  let latest: Pick<EventView, 'currency' | 'created_at'> | undefined;
  for (const event of events) if (!latest || event.created_at > latest.created_at) latest = event;
  return latest?.currency ?? 'usd';
}

export function eventToForm(
  event?: EventView,
  defaults: NewEventDefaults = { venue: '', timezone: '' },
): EventForm {
  if (!event) {
    const { venue, timezone, currency = 'usd' } = defaults;
    return { title: '', venue, doors_at: '', on_sale_at: '', timezone, currency, capacity: '' };
  }
  return {
    title: event.title,
    venue: event.venue,
    doors_at: isoToWallTime(event.doors_at, event.timezone),
    on_sale_at: isoToWallTime(event.on_sale_at, event.timezone),
    timezone: event.timezone,
    currency: event.currency,
    capacity: event.capacity === null ? '' : String(event.capacity),
    picks: {
      doors_at: repeatedPickOf(event.doors_at, event.timezone),
      on_sale_at: repeatedPickOf(event.on_sale_at, event.timezone),
    },
  };
}

const pickOf = (form: EventForm, field: 'doors_at' | 'on_sale_at'): RepeatedPick =>
  form.picks?.[field] ?? 'first';

/** The form's fields other than the two times (each a field on its own). */
const plainFields = ['title', 'venue', 'timezone', 'currency', 'capacity'] as const;
const timeFields = ['doors_at', 'on_sale_at'] as const;

/** A time and its pick of a repeated hour are one field: both as in `b`. */
const sameTime = (a: EventForm, b: EventForm, field: 'doors_at' | 'on_sale_at') =>
  a[field] === b[field] && pickOf(a, field) === pickOf(b, field);

/** Two forms that show the same (an event read again unchanged gives an equal form, not the same object). */
export function sameEventForm(a: EventForm, b: EventForm): boolean {
  return plainFields.every((f) => a[f] === b[f]) && timeFields.every((f) => sameTime(a, b, f));
}

/**
 * The form as typed, brought up to the event as the server has it now (another till renamed it or
 * moved the doors): each field still as it was when the form opened takes the server's new value,
 * each field typed since stays as typed. Left on the old value, an untouched field would differ
 * from the event and be sent back with the next save, undoing the other till's edit.
 */
export function followEvent(typed: EventForm, opened: EventForm, now: EventForm): EventForm {
  const next: EventForm = { ...typed };
  for (const f of plainFields) if (typed[f] === opened[f]) next[f] = now[f];
  const picks: NonNullable<EventForm['picks']> = {};
  for (const f of timeFields) {
    const from = sameTime(typed, opened, f) ? now : typed;
    next[f] = from[f];
    const pick = from.picks?.[f];
    if (pick) picks[f] = pick;
  }
  next.picks = picks;
  return next;
}

/** A field of the event form (a time with its pick of a repeated hour). */
export type EventFormField = (typeof eventFormFields)[number];

const sameField = (a: EventForm, b: EventForm, field: EventFormField): boolean =>
  field === 'doors_at' || field === 'on_sale_at' ? sameTime(a, b, field) : a[field] === b[field];

/**
 * The fields typed here that another till changed meanwhile to something else, after the event
 * is read again (`opened` is what the form last followed, `now` the event as read): Save would put
 * the typed value over theirs, so the form says so under each. `before` are the ones already said:
 * each stays until the typed value equals theirs (typed again, or "Use theirs"), a save clears them.
 * Call it with `now` equal to `opened` to drop the ones typed to agree since.
 */
export function clashedFields(
  before: readonly EventFormField[],
  typed: EventForm,
  opened: EventForm,
  now: EventForm,
): EventFormField[] {
  return eventFormFields.filter((f) => {
    if (sameField(typed, now, f)) return false;
    if (before.includes(f)) return true;
    return !sameField(typed, opened, f) && !sameField(opened, now, f);
  });
}

/** What Save does once it has read the event again (`checkBeforeSave`). */
export interface SaveCheck {
  /** The form as typed, brought up to the event as read: what Save sends. */
  form: EventForm;
  /** The clashed fields to say under (`clashedFields`). */
  clashes: EventFormField[];
  /**
   * The clashed fields whose note the person has not seen with theirs as it is now: Save sends
   * nothing until they have (kept what was typed, or "Use theirs"), and a second Save keeps the choice.
   */
  unseen: EventFormField[];
}

/**
 * Save reads the event again first: another till may have saved since the last 30 s read, and a
 * save on the old read would undo it. `said` are the clashes already said under their fields,
 * `opened` what the form last followed, `now` the event as just read. Untouched fields take their
 * values; a field typed here that they changed to something else stops the save until the person
 * has seen what they saved (a note said before, with theirs unchanged since, is a choice made).
 */
export function checkBeforeSave(
  said: readonly EventFormField[],
  typed: EventForm,
  opened: EventForm,
  now: EventForm,
): SaveCheck {
  const clashes = clashedFields(said, typed, opened, now);
  const unseen = clashes.filter((f) => !said.includes(f) || !sameField(opened, now, f));
  return { form: followEvent(typed, opened, now), clashes, unseen };
}

const fieldWords: Readonly<Record<EventFormField, string>> = {
  title: 'the title',
  venue: 'the venue',
  doors_at: 'the doors time',
  on_sale_at: 'the on-sale time',
  timezone: 'the time zone',
  currency: 'the currency',
  capacity: 'the capacity',
};

/** Said above Save when it stopped for a clash (`checkBeforeSave`'s `unseen`). */
export function clashStoppedSave(fields: readonly EventFormField[], submitLabel: string): string {
  const words = fields.map((f) => fieldWords[f]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
  return `Not saved: another till changed ${list} since you started typing. Keep yours or use theirs (said under each), then press “${submitLabel}” again.`;
}

/**
 * What another till saved in a clashed field, in the words the form uses elsewhere: a time on the
 * event's clock as the box office shows it ("Mon 10 May 2027, 20:00"), an empty capacity as "no limit".
 */
export function theirValueWords(theirs: EventForm, field: EventFormField): string {
  if (field === 'doors_at' || field === 'on_sale_at') {
    const zone = formZone(theirs) ?? 'UTC';
    const read = readWallTime(theirs[field], zone, '', pickOf(theirs, field));
    return 'iso' in read ? formatEventTime(read.iso, zone) : theirs[field];
  }
  if (field === 'capacity' && theirs.capacity.trim() === '') return 'no limit';
  return theirs[field];
}

/** Said under a clashed field: what the other till saved, and that Save keeps what was typed here. */
export function clashNote(theirs: EventForm, field: EventFormField): string {
  return `Changed at another till to “${theirValueWords(theirs, field)}” since you started typing. Save keeps yours.`;
}

/** The form with one field (and a time's pick) put back to `theirs`: "Use theirs". */
export function takeTheirs(typed: EventForm, theirs: EventForm, field: EventFormField): EventForm {
  if (field !== 'doors_at' && field !== 'on_sale_at') return { ...typed, [field]: theirs[field] };
  const picks = { ...typed.picks };
  const pick = theirs.picks?.[field];
  if (pick) picks[field] = pick;
  else delete picks[field];
  return { ...typed, [field]: theirs[field], picks };
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

/** The zone as the server will store it (proper case), or null when none or unknown. */
const formZone = (form: EventForm): string | null => normalizeTimeZone(form.timezone.trim());

function zoneProblem(text: string): string | null {
  const zone = text.trim();
  if (zone === '') return 'Choose the time zone the event happens in, e.g. America/New_York.';
  if (normalizeTimeZone(zone) === null)
    return `'${zone}' is not a time zone. Pick one from the list, such as America/New_York, Europe/London or UTC.`;
  return null;
}

/** Doors already open cannot be sold towards: the server refuses to publish such an event. */
export const doorsInPast = 'Doors open in the past: pick a time still to come.';

/**
 * A new event's body; an empty "on sale" means now (the server's default). Doors and on-sale are
 * read as wall times in the form's zone, not the browser's. `now` (ms) refuses a doors time
 * already gone; pass null to skip that check (an edit that keeps the doors time).
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
  const zoneError = zoneProblem(form.timezone);
  if (zoneError) errors.timezone = zoneError;
  const zone = formZone(form);
  // Without a zone the times cannot be read: the zone's own error says what to fix first.
  const doors =
    zone &&
    readWallTime(form.doors_at, zone, 'Enter the date and time doors open.', pickOf(form, 'doors_at'));
  if (doors && 'problem' in doors) errors.doors_at = doors.problem;
  else if (doors && now !== null && Date.parse(doors.iso) <= now) errors.doors_at = doorsInPast;
  const onSale =
    zone && form.on_sale_at.trim()
      ? readWallTime(
          form.on_sale_at,
          zone,
          'Enter a date and time, or leave empty.',
          pickOf(form, 'on_sale_at'),
        )
      : null;
  if (onSale && 'problem' in onSale) errors.on_sale_at = onSale.problem;
  // "USD" is read as usd, "€" as eur; anything else that is not a code is refused here, never cut
  // to three letters ("dollars" once became "dol").
  const currency = currencyTyped(form.currency);
  if (currencyProblem(currency)) errors.currency = currencyWords(form.currency.trim());
  const capacity = parseCapacity(form.capacity);
  const capacityError = capacityProblem(capacity);
  if (capacityError) errors.capacity = capacityError;
  if (!doors || !('iso' in doors) || zone === null || Object.keys(errors).length > 0)
    return { body: null, errors };
  const body: EventCreate = {
    title: form.title.trim(),
    venue: form.venue.trim(),
    doors_at: doors.iso,
    timezone: zone,
    currency,
  };
  if (onSale && 'iso' in onSale) body.on_sale_at = onSale.iso;
  if (capacity !== null && capacity !== undefined) body.capacity = capacity;
  return { body, errors };
}

/**
 * Only what changed on an existing event. A doors time already past is refused only when it is
 * being changed: the title of last night's show can still be corrected. Times are compared as the
 * form shows them (to the minute, on the event's clock): an on-sale time of 12:00:37 left alone is
 * not moved to 12:00. A new zone keeps the wall times typed, so both times move with it.
 */
export function eventChanges(
  original: EventView,
  form: EventForm,
  now: number = Date.now(),
): ParsedEventForm<EventPatch> {
  const shown = eventToForm(original);
  const zoneChanged = (formZone(form) ?? form.timezone) !== original.timezone;
  const doorsChanged =
    zoneChanged || form.doors_at !== shown.doors_at || pickOf(form, 'doors_at') !== pickOf(shown, 'doors_at');
  const parsed = parseEventCreate(form, doorsChanged ? now : null);
  if (!parsed.body) return { body: null, errors: parsed.errors };
  const next = parsed.body;
  const patch: EventPatch = {};
  if (next.title !== original.title) patch.title = next.title;
  if (next.venue !== original.venue) patch.venue = next.venue;
  if (zoneChanged) patch.timezone = next.timezone;
  if (doorsChanged && Date.parse(next.doors_at) !== Date.parse(original.doors_at))
    patch.doors_at = next.doors_at;
  const onSaleChanged =
    zoneChanged ||
    form.on_sale_at !== shown.on_sale_at ||
    pickOf(form, 'on_sale_at') !== pickOf(shown, 'on_sale_at');
  if (
    onSaleChanged &&
    next.on_sale_at !== undefined &&
    Date.parse(next.on_sale_at) !== Date.parse(original.on_sale_at)
  ) {
    patch.on_sale_at = next.on_sale_at;
  }
  if (next.currency !== undefined && next.currency !== original.currency) patch.currency = next.currency;
  const capacity = next.capacity ?? null;
  if (capacity !== original.capacity) patch.capacity = capacity;
  return { body: patch, errors: {} };
}

/** A paper pass lives until a day after doors (docs/api.md "Ticket credentials"). */
const passLifeAfterDoorsMs = 24 * 60 * 60 * 1000;

/** What the doors-moved warning needs of each tier: its tickets and whether they have paper. */
export type PaperTier = Pick<TierView, 'sold' | 'voided' | 'paper_pass'>;

/**
 * Said before saving when the doors move so much later that tickets already printed or mailed
 * expire before the new doors: their passes keep the old doors' end, and the door would turn
 * those guests away as "out of date". Only tickets with a paper pass count (sold and not voided,
 * of tiers with `paper_pass`): a phone-only ticket's wallet link follows the new doors. Null when
 * there are none, or the move is within that day.
 */
export function doorsMovedLaterWarning(
  original: EventView,
  form: EventForm,
  tiers: readonly PaperTier[],
): string | null {
  const paper = tiers.reduce((n, t) => (t.paper_pass ? n + Math.max(0, t.sold - t.voided) : n), 0);
  if (paper === 0) return null;
  const next = parseEventCreate(form, null).body;
  if (!next) return null;
  const oldDoors = Date.parse(original.doors_at);
  if (Date.parse(next.doors_at) <= oldDoors + passLifeAfterDoorsMs) return null;
  const until = formatEventTime(new Date(oldDoors + passLifeAfterDoorsMs).toISOString(), original.timezone);
  const sold =
    paper === 1
      ? `The ticket already sold, if printed or mailed, stops getting in after ${until}, before the new doors: the door will refuse it as out of date. After saving, its holder needs it sent again`
      : `The ${paper} tickets already sold, if printed or mailed, stop getting in after ${until}, before the new doors: the door will refuse them as out of date. After saving, their holders need them sent again`;
  return `${sold} (Orders → Email tickets…) or reprinted. Wallet links keep working.`;
}

/**
 * Said before saving when sales would open at or after the doors (a day typed wrong): the show
 * could be bought only once it had begun. Not refused: a venue may sell at the door alone.
 */
export function onSaleAfterDoorsWarning(form: EventForm): string | null {
  const next = parseEventCreate(form, null).body;
  if (!next?.on_sale_at || Date.parse(next.on_sale_at) < Date.parse(next.doors_at)) return null;
  const zone = next.timezone ?? formZone(form) ?? 'UTC';
  return `Sales open ${formatEventTime(next.on_sale_at, zone)}, at or after the doors (${formatEventTime(next.doors_at, zone)}): nothing can be bought ahead. Check the dates, or leave "On sale from" empty to sell from now.`;
}
