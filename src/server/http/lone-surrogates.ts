import { firstBodyPath, type BodyCheck } from './first-body-path.js';

/**
 * JSON may spell half of a UTF-16 surrogate pair as an escape (`"\ud83d"`): what a web shop in
 * JavaScript, Java or C# sends when it cuts a name in the middle of an emoji. Such a string is not
 * Unicode text. Taken as it came, the answer and the webhook snapshot repeated the escape while the
 * store kept U+FFFD (two versions of one name), and the receivers built on Ruby's and PHP's JSON
 * parsers refused that webhook on every retry. Valid UTF-8 bytes never decode to half a pair, so
 * only a body with such an escape in its text is walked.
 */
const surrogateEscape = /\\u[dD][89a-fA-F]/;

export const mayHoldLoneSurrogate = (text: string): boolean => surrogateEscape.test(text);

// Without the `u` flag a regular expression sees UTF-16 code units, so half a pair is one unit.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = (text: string): boolean => !loneSurrogate.test(text);

const illFormedText: BodyCheck = {
  value: (value) => typeof value === 'string' && !isWellFormed(value),
  entry: (key) => (isWellFormed(key) ? null : ''),
};

/** The path (`buyer.name`, `tickets[0].name`) of the first string or key that is not well formed. */
export const illFormedTextPath = (value: unknown): string | null => firstBodyPath(value, illFormedText);
