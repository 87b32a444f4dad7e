/**
 * The ticket PDF by script (src/server/mail/ticket-fonts.ts), one bounded run (~15 s): a 4-ticket
 * order whose names are Western European (built-in Helvetica, nothing embedded), Cyrillic and Greek
 * (DejaVu Sans embedded), Chinese, Japanese, Korean and Thai, and Hindi, Tamil, Punjabi and Bengali
 * (Noto fallbacks embedded, the rest in Helvetica). For each: the PDF's size and the CPU time of renderTicketPdf, median of 20 after a
 * warm-up, and the first PDF's CPU time in a process that has not read that script's fonts yet (it
 * reads and parses them, up to 13 MB for CJK). Run it in a fresh process for that first figure:
 *
 *   npx tsx bench/ticket-pdf.ts
 */
import { pathToFileURL } from 'node:url';
import { renderTicketPdf, type TicketPdfInput } from '../src/server/mail/ticket-pdf.js';
import { printResults, type BenchResult } from './bench-result.js';

const runs = 20;
const warmUpRuns = 3;

const order = (names: readonly string[]): TicketPdfInput => ({
  eventTitle: 'Harbour Lights',
  venue: 'Pier 17, New York',
  doors: 'Thu 26 Nov 2026, 19:00 (New York time)',
  orderId: 'ord_01',
  tickets: names.map((name, i) => ({
    id: `tkt_0${i}`,
    tierName: 'Balcony',
    attendeeName: name,
    walletUrl: `https://tickets.venue.example/w/secret${i}`,
    // As long as a real paper pass (a signed token), so the QR is as dense as a real one.
    paperPass: `eyJhbGciOiJFZERTQSIsInR5cCI6InRpY2tldC1wYXNzK2p3dCJ9.${'x'.repeat(150)}.${i}`,
  })),
});

const orders = {
  Western: order(['Zoë Ångström', 'François Œuvre', 'Ada Lovelace', 'Søren Kierkegaard']),
  Cyrillic: order(['Ёлкина Анна', 'Иван Петров', 'Παπαδόπουλος', 'Łódź Żółć']),
  CJK: order(['王芳', '山田 太郎', '김민준', 'สมชาย ใจดี']),
  // After CJK, whose first PDF then counts asking these fonts (unread yet) for its characters.
  'South Asian': order(['प्रिया शर्मा', 'கார்த்திக் சுப்பிரமணியம்', 'ਹਰਪ੍ਰੀਤ ਸਿੰਘ', 'সৌমিত্র চট্টোপাধ্যায়']),
};

const cpuMs = async (work: () => Promise<unknown>): Promise<number> => {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

const ms = (value: number): number => Number(value.toFixed(1));
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  // pdfkit itself is loaded on the first PDF (~200 ms): load it here, so each order's first PDF
  // counts its own fonts only.
  await renderTicketPdf(order([]));
  for (const [script, input] of Object.entries(orders)) {
    let bytes = 0;
    const first = await cpuMs(async () => (bytes = (await renderTicketPdf(input)).length));
    for (let i = 1; i < warmUpRuns; i++) await renderTicketPdf(input);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await cpuMs(() => renderTicketPdf(input)));
    results.push(
      { name: `${script} 4-ticket PDF, size`, value: Math.round(bytes / 1024), unit: 'KiB' },
      { name: `${script} 4-ticket PDF, CPU time (median of ${runs})`, value: ms(median(times)), unit: 'ms' },
      { name: `${script} 4-ticket PDF, CPU time of the process's first`, value: ms(first), unit: 'ms' },
    );
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((rows) => printResults('Ticket PDF by script', rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
