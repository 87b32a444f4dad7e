/**
 * A strict RFC 4180 reader for tests: CRLF record ends, quoted fields with doubled quotes, line
 * breaks only inside quotes, every record as wide as the header. Anything else throws, so a
 * sloppy writer cannot pass by accident. A leading UTF-8 byte order mark is allowed.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`CSV: ${why} at offset ${i}`);
  };
  while (i < input.length) {
    let field = '';
    if (input[i] === '"') {
      i++;
      for (;;) {
        if (i >= input.length) fail('unterminated quoted field');
        if (input[i] === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += input[i++];
      }
    } else {
      while (i < input.length && input[i] !== ',' && input[i] !== '\r' && input[i] !== '\n') {
        if (input[i] === '"') fail('quote inside an unquoted field');
        field += input[i++];
      }
    }
    record.push(field);
    if (input[i] === ',') {
      i++;
      continue;
    }
    if (input.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
      continue;
    }
    if (i >= input.length) fail('last record without CRLF');
    fail(`unexpected ${JSON.stringify(input[i])}`);
  }
  if (record.length > 0) fail('unfinished record');
  const width = records[0]?.length ?? 0;
  records.forEach((r, n) => {
    if (r.length !== width) throw new Error(`CSV: record ${n} has ${r.length} fields, header has ${width}`);
  });
  return records;
}

/** Records as objects keyed by the header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('CSV: no header row');
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]!])));
}

/**
 * A file of sections one under another (the shift report's CSV): records split at each record
 * whose fields are all empty, each section's first record its header; trailing empty fields
 * (the padding to the file's width) dropped from every record.
 */
export function csvSections(text: string): string[][][] {
  const sections: string[][][] = [[]];
  for (const record of parseCsv(text)) {
    if (record.every((field) => field === '')) sections.push([]);
    else {
      let end = record.length;
      while (end > 0 && record[end - 1] === '') end--;
      sections[sections.length - 1]!.push(record.slice(0, end));
    }
  }
  return sections;
}

/**
 * The header of a shift report CSV's "by tier" section, written out here (not imported from the
 * server) so a test notices when the file's columns change.
 */
export const shiftCsvTierHeader = [
  'tier',
  'tier_id',
  'event_id',
  'event',
  'event_status',
  'currency',
  'tickets',
  'comp_tickets',
  'sales',
];
