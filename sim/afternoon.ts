/**
 * The day before doors, on the evening's clock: strips fetched with the purchase and through the
 * afternoon, passes printed at the box office. Each job runs at its own time of day — the server
 * signs a strip from the moment it is asked — stepped in 5-minute slots (a strip asked at any
 * moment of a 5-minute window holds the same codes: windows are aligned).
 */
import type { Attendee } from './attendees.js';
import type { BoxOffice } from './box-office.js';
import type { SimClock } from './sim-clock.js';

const slotMs = 5 * 60_000;
const hourMs = 3_600_000;

export interface TimedJob {
  /** Evening time (epoch ms) the job happens at. */
  at: number;
  run: () => Promise<void>;
}

export interface StripFetch {
  /** Hours before doors it was fetched. */
  hoursBefore: number;
  tokens: number;
  why: 'purchase' | 'afternoon' | 'transfer';
  /** The strip's `generated_at` (the server's clock) less the evening's clock when it was asked. */
  serverAheadMs: number;
  /** The strip's `generated_at` less the machine's own clock: how far the server's clock was moved. */
  serverShiftMs: number;
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** The jobs in time order, the clock moved to each 5-minute slot before its jobs run. */
export async function runThroughTheDay(
  clock: SimClock,
  jobs: readonly TimedJob[],
  concurrency: number,
): Promise<void> {
  const slots = new Map<number, TimedJob[]>();
  for (const job of jobs) {
    const slot = Math.floor(job.at / slotMs) * slotMs;
    slots.set(slot, [...(slots.get(slot) ?? []), job]);
  }
  for (const slot of [...slots.keys()].sort((a, b) => a - b)) {
    clock.advanceTo(slot);
    await eachLimited(slots.get(slot)!, concurrency, (job) => job.run());
  }
}

/** Fetches a holder's strip now and notes how far ahead of doors it was. */
export async function fetchStrip(
  attendee: Attendee,
  clock: SimClock,
  doorsAt: number,
  why: StripFetch['why'],
  log: StripFetch[],
): Promise<void> {
  const at = clock.now();
  const wall = Date.now();
  const strip = await attendee.fetchStrip();
  const generatedAt = Date.parse(strip.generated_at);
  log.push({
    hoursBefore: (doorsAt - at) / hourMs,
    tokens: strip.tokens.length,
    why,
    serverAheadMs: generatedAt - at,
    serverShiftMs: generatedAt - wall,
  });
}

/**
 * The afternoon's jobs: strips of the phones that fetched theirs after the purchase, and the box
 * office printing the passes of those who come to collect them (`printAt` hours before doors).
 */
export function afternoonJobs(input: {
  attendees: readonly Attendee[];
  doorsAt: number;
  clock: SimClock;
  till: BoxOffice;
  printAt: (attendee: Attendee) => number;
  strips: StripFetch[];
}): TimedJob[] {
  const { doorsAt, clock, till, strips } = input;
  const jobs: TimedJob[] = [];
  for (const attendee of input.attendees) {
    const hours = attendee.model.stripFetchedHoursBefore;
    if (attendee.carry === 'phone_strip' && hours !== null && !attendee.strip)
      jobs.push({
        at: doorsAt - hours * hourMs,
        run: () => fetchStrip(attendee, clock, doorsAt, 'afternoon', strips),
      });
    if (attendee.carry === 'paper_print')
      jobs.push({
        at: doorsAt - input.printAt(attendee) * hourMs,
        run: async () => {
          attendee.printed = await till.print(attendee.holder.ticketId);
        },
      });
  }
  return jobs;
}
