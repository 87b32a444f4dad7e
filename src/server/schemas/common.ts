import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { errorExample } from './examples.js';

/** Input timestamps: ISO 8601 with a UTC offset (Ajv's date-time format requires the offset). */
export const TimestampInput = Type.String({
  format: 'date-time',
  description: 'ISO 8601 with UTC offset, e.g. 2026-12-31T20:00:00+01:00',
});

/** Output timestamps are always UTC with `Z`. */
export const Timestamp = Type.String({
  format: 'date-time',
  description: 'ISO 8601, UTC (Z)',
});

type StringOptions = NonNullable<Parameters<typeof Type.String>[0]>;

/**
 * Control characters (C0 but tab and line breaks, DEL, C1) in a name or title travel into CSV
 * exports, PDF tickets, mail and the UI, where they corrupt or hide text; a person never types
 * them. Tab and line breaks are still taken, even in a name: the contract does not refuse them,
 * and CSV exports quote them.
 */
/** A PIN typed on a keypad: 4 to 8 digits (staff sign-in, the kiosk attendant's PIN). */
export const pinPattern = '^[0-9]{4,8}$';

export const plainTextPattern = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

/** plainTextPattern, and at least one character that is not white space. */
export const filledTextPattern = `^(?=[\\s\\S]*\\S)${plainTextPattern.slice(1)}`;

/** Text a person types: control characters other than tab and line breaks are refused (400 `invalid_field` naming it). */
export const PlainText = (options: StringOptions = {}) =>
  Type.String({ ...options, pattern: plainTextPattern });

/**
 * One line of text shown as it is: a venue's name (receipts, mail's From, the mDNS name) and a
 * folder path a manager reads back. No control character at all, not even tab or a line break
 * (U+2028 and U+2029 too), and no bidi override or isolate (U+202A–U+202E, U+2066–U+2069): those
 * show the text in another order than it is stored, so a name or path reads as something it is not.
 */
export const oneLinePattern =
  '^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$';

/** oneLinePattern, and at least one character that is not white space. */
export const filledOneLinePattern = `^(?=[\\s\\S]*\\S)${oneLinePattern.slice(1)}`;

/** What the one-line patterns refuse, in words (http/validation-errors.ts). */
export const oneLineWords =
  'must be one line, without line breaks, tabs, other control characters or text-direction overrides';

export const OneLineText = (options: StringOptions = {}) =>
  Type.String({ ...options, pattern: oneLinePattern });

/** OneLineText that is not only white space, as FilledText is for a name that may span lines. */
export const FilledOneLineText = (options: StringOptions = {}) =>
  Type.String({ minLength: 1, ...options, pattern: filledOneLinePattern });

/**
 * A name or title: PlainText that is not only white space. "   " passed a `minLength` of 1 and
 * printed as a blank title on the event page, a blank tier tile, a guest with no name at the door.
 */
export const FilledText = (options: StringOptions = {}) =>
  Type.String({ minLength: 1, ...options, pattern: filledTextPattern });

/**
 * `schema` or null. Its description also goes on the union itself: generators (openapi-typescript,
 * the node client's schema.ts) and rendered docs read a property's own description, not its
 * branches', so `Shift.currency`'s was lost.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const { description } = schema as { description?: string };
  return Type.Union([schema, Type.Null()], description === undefined ? {} : { description });
};

/** Checked against the ISO 4217 list (src/shared/currencies.ts), registered as this format. */
export const currencyFormat = 'iso-4217';

export const Currency = Type.String({
  format: currencyFormat,
  maxLength: 64,
  description:
    'Lowercase ISO 4217 code, e.g. usd, eur, jpy, kwd. Amounts (`*_cents`) are in its minor unit: cents for usd, yen for jpy, fils for kwd.',
});

export const idPattern = (prefix: string) => Type.String({ pattern: `^${prefix}_[A-Za-z0-9]{1,64}$` });

export const IdParams = (prefix: string) =>
  Type.Object(
    { id: Type.String({ description: `${prefix}_ id`, maxLength: 80 }) },
    { additionalProperties: false },
  );

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
      message: Type.String(),
      param: Type.Optional(Type.String()),
    }),
  },
  { $id: 'Error', description: 'The error envelope of every refusal', examples: [errorExample] },
);

/**
 * A route's answer as a reference to a named component (schemas/components.ts): the OpenAPI
 * document then shows `#/components/schemas/<$id>` instead of a copy, and clients generated from it
 * get one type per resource. Typed as the schema itself, so handlers stay checked.
 */
export function ref<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>(Type.Ref(schemaId(schema)));
}

/** The `$id` of a named component; a schema without one is a mistake in the code, not in a request. */
export function schemaId(schema: TSchema): string {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('a named component needs an $id (see schemas/components.ts)');
  return id;
}

export const ListQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
};

/** `?format=csv` on a list: every row the filters select, as a CSV download (docs/api.md "CSV exports"). */
export const ExportFormat = {
  format: Type.Optional(
    Type.Enum(['json', 'csv'], {
      description:
        'csv: every row the filters select (not one page) as a CSV download, for admin and box_office keys; limit and cursor are ignored, though a bad one is refused as on the JSON list. `Accept: text/csv` does the same',
    }),
  ),
};

export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    object: Type.Literal('list'),
    data: Type.Array(item),
    has_more: Type.Boolean(),
    next_cursor: Nullable(Type.String()),
  });

export const Deleted = Type.Object(
  {
    id: Type.String(),
    deleted: Type.Literal(true),
  },
  { $id: 'Deleted', description: 'What a DELETE answers: the id of what is gone' },
);

/** The standard refusals every authenticated route can give, for the OpenAPI document. */
export const errorResponses = {
  400: Type.Ref('Error'),
  401: Type.Ref('Error'),
  403: Type.Ref('Error'),
  404: Type.Ref('Error'),
  409: Type.Ref('Error'),
  413: Type.Ref('Error'),
  // A body sent as anything but JSON (text/plain, a form) is refused before the route runs.
  415: Type.Ref('Error'),
  429: Type.Ref('Error'),
};

/** A list's direction: oldest first like every list, or newest first (a screen's latest). */
export const ListOrder = (newestIs: string) =>
  Type.Optional(
    Type.Enum(['oldest_first', 'newest_first'], {
      default: 'oldest_first',
      description: `oldest_first (the default, like every list) or newest_first (${newestIs}); a cursor continues in the order it was given in`,
    }),
  );
