/** A cell's value: SQLite gives text, integers or NULL. */
export type CsvCell = string | number | null;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;
/** Either of the two: most cells (ids, plain names) need neither, and are told so in one test. */
const needsCare = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * A cell as RFC 4180 writes it: quoted when it holds a quote, comma or line break, quotes
 * doubled. Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that hides one) gets a leading apostrophe, the OWASP "CSV injection" advice: a buyer
 * named `=HYPERLINK(…)` stays a name. Numbers are written as they are (docs/api.md "CSV exports").
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (!needsCare.test(value)) return value;
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 has it (a loop: no array of cells' texts per row). */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = csvCell(cells[0] ?? null);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i] as CsvCell)}`;
  return `${line}\r\n`;
}
