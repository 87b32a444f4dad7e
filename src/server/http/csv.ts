import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvLine } from '../domain/csv-text.js';
import type { CsvExport } from '../domain/exports.js';
import { ApiError } from '../errors.js';

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
 * Streams the export (its records written by the domain, domain/exports.ts): a chunk of rows is read from SQLite only when the socket has taken the
 * previous one (Readable.from pulls from the generator as the response drains), so memory holds
 * one chunk whatever the size of the file.
 */
export function sendCsv(reply: FastifyReply, file: CsvExport): FastifyReply {
  async function* text(): AsyncGenerator<string> {
    yield bom + csvLine(file.header);
    yield* file.chunks;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 }));
}
