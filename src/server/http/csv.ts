import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CsvCell, CsvExport } from '../domain/exports.js';
import { ApiError } from '../errors.js';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/**
 * A cell as RFC 4180 writes it: quoted when it holds a quote, comma or line break, quotes
 * doubled. Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that hides one) gets a leading apostrophe, the OWASP "CSV injection" advice: a buyer
 * named `=HYPERLINK(…)` stays a name. Numbers are written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 has it (a loop: no array of cells' texts per row). */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = csvCell(cells[0] ?? null);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i] as CsvCell)}`;
  return `${line}\r\n`;
}

/** `?format=csv`, or an Accept header that asks for text/csv. */
export function wantsCsv(request: FastifyRequest, format: string | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  return /(^|,)\s*text\/csv\s*(;|,|$)/i.test(request.headers.accept ?? '');
}

/**
 * Exports are every row with names and emails: for the box office and admins, never a kiosk
 * (which may read back only its own orders) or a door.
 */
export function requireExportScope(request: FastifyRequest): void {
  const scope = request.apiKey?.scope;
  if (scope === 'admin' || scope === 'box_office') return;
  throw new ApiError(
    403,
    'insufficient_scope',
    `This key has scope '${scope ?? 'none'}'; a CSV export needs admin or box_office.`,
    'format',
  );
}

/** A UTF-8 byte order mark first, so spreadsheet programs read accented names right. */
const bom = '\uFEFF';

/**
 * Streams the export: a chunk of rows is read from SQLite only when the socket has taken the
 * previous one (Readable.from pulls from the generator as the response drains), so memory holds
 * one chunk whatever the size of the file.
 */
export function sendCsv(reply: FastifyReply, file: CsvExport): FastifyReply {
  function* text(): Generator<string> {
    yield bom + csvLine(file.header);
    for (const rows of file.chunks) {
      let out = '';
      for (const row of rows) out += csvLine(row);
      yield out;
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 }));
}
