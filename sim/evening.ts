/**
 * Plays one evening against the real system: the headless server as a child process, a
 * verifying webhook receiver, door devices built on the scanner SDK, a box office and the
 * ticket holders' phones and printouts, all on 127.0.0.1 and all on the evening's clock
 * (sim-clock.ts: the day runs from the morning's sales to the night's last arrivals, the doors
 * window compressed into seconds). Returns everything that happened, for reconcile.ts to judge
 * and the reports to show. Nothing here decides pass or fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConflictRecord } from '../src/scanner/device-state.js';
import { maxProbeMs } from '../src/server/webhooks/defaults.js';
import { afternoonJobs, eachLimited, fetchStrip, runThroughTheDay, type StripFetch } from './afternoon.js';
import { ApiClient } from './api-client.js';
import { Attendee, type Shown } from './attendees.js';
import { BoxOffice, type Holder } from './box-office.js';
import { drawHolder, drawRecipient, type Carry, type HolderModel } from './carry.js';
import type { VenueDayConfig } from './config.js';
import { SimDoor, type Presentation } from './door.js';
import { junkCodes } from './junk-codes.js';
import { Ledger } from './ledger.js';
import {
  advanceOrders,
  buildPlan,
  chooseAttendance,
  pickStaffActions,
  timingOf,
  type PlanItem,
  type PlannedPresentation,
  type Timing,
} from './plan.js';
import { Random } from './random.js';
import { checkServerLog, type ServerLogCheck } from './log-secrets.js';
import { startServer } from './server-process.js';
import { SimClock } from './sim-clock.js';
import { readStore, type StoreView } from './store-view.js';
import { takeOnStaff, Till, type ShiftReport, type StaffMember } from './till.js';
import { WebhookReceiverSim, type ReceivedMessage } from './webhook-receiver.js';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** Doors at 19:00 UTC the next day: the day's sales, afternoon and evening all lie ahead. */
export function doorsTime(nowMs: number): number {
  const day = new Date(nowMs);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 19);
}

export interface WalkInSale {
  /** ms since doors opened when the sale was asked for. */
  at: number;
  quantity: number;
  soldOut: boolean;
  /** Checkout round trip: from then on the server (so every online door) admits the ticket. */
  saleMs: number;
  tickets: {
    ticketId: string;
    /** Each door's offline verdict on the new code right after the sale (no state changed). */
    offlineCheck: string[];
    /** Was each door on the LAN and following the feed when the sale happened? */
    doorOnline: boolean[];
    /** ms from asking for the sale to the `sold` entry on each door's feed; null if it never came. */
    feedMs: (number | null)[];
  }[];
}

export interface Sample {
  /** ms since doors opened. */
  t: number;
  webhookQueued: number;
  webhookOnline: boolean;
  received: number;
  offlineDoorQueue: number;
  doorLines: number[];
}

export interface TillCashUp {
  till: string;
  seller: string;
  shiftId: string;
  /** The Z report as POST /v2/shifts/{id}/close answered it … */
  z: ShiftReport;
  /** … and as GET /v2/shifts/{id}/report gives it back afterwards (kept byte for byte). */
  kept: ShiftReport;
}

interface MoneyGroup {
  orders: number;
  gross_cents: number;
  refunds_cents: number;
  net_cents: number;
}

/** GET /v2/reports/events/{id}, the fields the cash-up compares. */
export interface EventReport {
  totals: MoneyGroup & { comps: number; refunds: number; sold: number };
  payment_methods: (MoneyGroup & { payment_method: string })[];
  channels: (MoneyGroup & { channel: string })[];
}

export interface DoorSync {
  door: number;
  why: 'lan_back' | 'closing';
  at: number;
  ms: number;
  queuedBefore: number;
  uploaded: number;
  admitted: number;
  rejected: number;
  conflicts: number;
  disagreements: number;
}

/** The evening's clock as the run used it. */
export interface DayClock {
  /** The event's doors_at (ISO UTC). */
  doorsAt: string;
  /** When the tickets were sold ahead (ISO UTC). */
  salesAt: string;
  /** How much faster than real time the clock ran while doors were open. */
  rate: number;
  /** MARQUEE_WEBHOOK_PROBE_MS as the server had it (evening time). */
  probeMs: number;
}

export interface EveningRecord {
  config: VenueDayConfig;
  timing: Timing;
  startedAt: string;
  day: DayClock;
  /** Ticket holders by how they carry their ticket (everyone the evening expected at a door). */
  holdersByCarry: Record<Carry, number>;
  /** Every wallet strip fetched, when and how long. */
  strips: StripFetch[];
  /** Passes printed at the box office: collected in the afternoon, and for walk-ins at the window. */
  printed: { afternoon: number; walkIns: number };
  /** Tiers whose tickets have paper passes (a pass of any other tier is no valid credential). */
  paperTiers: string[];
  /** Epoch ms when doors opened: the zero of every `at` and `t` here. */
  openedAt: number;
  mainEventId: string;
  /** Wall ms of each phase. */
  phases: {
    serverStart: number;
    setup: number;
    salesAhead: number;
    /** Strips, prints, staff work and door pairing: the evening's clock stepped from morning to doors. */
    afternoon: number;
    doors: number;
    catchUp: number;
  };
  salesAhead: { orders: number; tickets: number; concurrency: number };
  /** When things happened, ms since doors opened. */
  marks: Record<'doorCut' | 'doorRestore' | 'webhookDown' | 'webhookUp' | 'doorsClosed' | 'caughtUp', number>;
  presentations: Presentation[];
  walkIns: WalkInSale[];
  samples: Sample[];
  syncs: DoorSync[];
  conflicts: { door: number; records: ConflictRecord[] }[];
  doorStatus: { door: number; queued: number; feedEvents: number }[];
  /** Tickets the simulation voided or transferred away (their codes admit no one after). */
  revoked: string[];
  /** Evening time (epoch ms) at which staff started voiding or transferring each of them. */
  revokedAt: Record<string, number>;
  /** Tickets for the other event. */
  otherEventTickets: string[];
  received: ReceivedMessage[];
  receiver: { requests: number; invalidSignatures: number; duplicates: number };
  ledger: Ledger;
  store: StoreView;
  /** The box office's end of the night: each till's Z report and the main event's report. */
  cashUp: {
    staff: Omit<StaffMember, 'pin'>[];
    tills: TillCashUp[];
    eventReport: EventReport;
  };
  errors: string[];
  /** The server's log, searched for every secret the evening was issued or sent. */
  serverLog: ServerLogCheck;
}

export interface PlayOptions {
  log?: (line: string) => void;
  /** Keep the server's data dir (its marquee.db) for inspection. */
  keepData?: boolean;
  /** Where the server's log goes (`npm run simulate` keeps it as <out>/server.log); a temp file otherwise. */
  serverLogFile?: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  stepMs = 50,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await sleep(stepMs);
  }
  return check();
}

interface TierView {
  id: string;
  name: string;
  price_cents: number;
}

export async function playEvening(config: VenueDayConfig, options: PlayOptions = {}): Promise<EveningRecord> {
  const log = options.log ?? (() => {});
  const t = performance.now();
  const startedAt = new Date().toISOString();
  const rng = new Random(config.seed);
  const timing = timingOf(config);
  const ledger = new Ledger();
  const errors: string[] = [];
  const adminKey = `sk_live_sim${randomBytes(12).toString('hex')}`;
  const runId = randomBytes(4).toString('hex');

  // Every credential the evening is issued or uses; the server's log must show none of them.
  const secrets: string[] = [adminKey];
  const logDir = options.serverLogFile ? null : mkdtempSync(join(tmpdir(), 'marquee-venue-day-log-'));
  const logFile = options.serverLogFile ?? join(logDir!, 'server.log');

  // The evening's clock starts a few minutes before the morning's sales; the server runs on it.
  const doorsAt = doorsTime(Date.now());
  const salesAt = doorsAt - config.salesLeadHours * hourMs;
  const rate = minuteMs / timing.minute;
  const probeMs = Math.min(maxProbeMs, Math.round(config.webhookProbeMs * rate));
  const clockDir = mkdtempSync(join(tmpdir(), 'marquee-venue-day-clock-'));
  const clock = new SimClock(join(clockDir, 'faketime'), salesAt - 10 * minuteMs);
  const receiver = new WebhookReceiverSim(clock);
  await receiver.goOnline();
  const server = await startServer({
    adminKey,
    webhookProbeMs: probeMs,
    logFile,
    clockEnv: clock.processEnv(),
  });
  const serverStart = performance.now() - t;
  log(`server up at ${server.url} (pid ${server.pid}) in ${Math.round(serverStart)} ms`);
  const stateDir = mkdtempSync(join(tmpdir(), 'marquee-doors-'));
  const doors: SimDoor[] = [];
  let played: Omit<EveningRecord, 'serverLog'>;
  try {
    const admin = new ApiClient(server.url, adminKey);
    // The organiser's CRM is registered first, so every message of the evening is expected.
    const endpoint = await admin.post<{ id: string; secret: string }>('/v2/webhook_endpoints', {
      url: receiver.url,
      events: ['*'],
      description: 'Organiser CRM (simulated)',
    });
    receiver.useSecret(endpoint.secret);
    secrets.push(endpoint.secret);

    // --- The afternoon: the show, the tiers, the keys. ---
    const setupStarted = performance.now();
    const orders = advanceOrders(config, rng);
    const stock = (tier: 'ga' | 'vip') =>
      orders.filter((o) => o.tier === tier).reduce((sum, o) => sum + o.quantity, 0);
    const main = await admin.post<{ id: string }>('/v2/events', {
      title: 'Friday Headliner',
      venue: 'Main hall',
      doors_at: new Date(doorsAt).toISOString(),
      tickets: [
        { name: 'General admission', price_cents: 2500, quantity: Math.max(1, stock('ga')) },
        { name: 'VIP', price_cents: 6000, quantity: Math.max(1, stock('vip')) },
        { name: 'Door sales', price_cents: 3000, quantity: config.walkInStock, max_per_order: 4 },
      ],
    });
    await admin.post(`/v2/events/${main.id}/publish`);
    const matinee = await admin.post<{ id: string }>('/v2/events', {
      title: 'Sunday Matinee',
      venue: 'Main hall',
      doors_at: new Date(doorsAt).toISOString(),
      tickets: [{ name: 'Matinee', price_cents: 1500, quantity: Math.max(1, config.wrongEvent) }],
    });
    await admin.post(`/v2/events/${matinee.id}/publish`);
    ledger.expect('event.created', 2);
    ledger.expect('tier.created', 4);
    ledger.expect('event.published', 2);
    const tiers = (await admin.get<{ data: TierView[] }>(`/v2/events/${main.id}/tiers`)).data;
    const tier = (name: string): TierView => tiers.find((x) => x.name === name)!;
    const [ga, vip, door] = [tier('General admission'), tier('VIP'), tier('Door sales')];
    const matineeTier = (await admin.get<{ data: TierView[] }>(`/v2/events/${matinee.id}/tiers`)).data[0]!;

    // The online shop is an integration with its own key: its sales are the `api` channel
    // (docs/api.md "Sales channels"), in no till's shift. Each box-office window is a till paired
    // like any device; its sales are the `till` channel, each in its till's shift.
    const shopKey = await admin.post<{ secret: string }>('/v2/api_keys', {
      name: 'Web shop',
      scope: 'admin',
    });
    secrets.push(shopKey.secret);
    const shop = new BoxOffice(new ApiClient(server.url, shopKey.secret), ledger, runId);
    const tills: Till[] = [];
    for (let i = 0; i < config.tills; i++) tills.push(await Till.pair(admin, `Till ${i + 1}`, ledger, runId));
    /** The manager's till: refunds and voids are made there. */
    const office = tills[0]!;
    const setup = performance.now() - setupStarted;

    // --- Selling ahead, in the morning. ---
    clock.advanceTo(salesAt);
    const salesStarted = performance.now();
    const specs = orders.map((o) => ({
      tierId: o.tier === 'vip' ? vip.id : ga.id,
      priceCents: o.tier === 'vip' ? vip.price_cents : ga.price_cents,
      quantity: o.quantity,
      buyer: o.buyer,
    }));
    const holders = await shop.sellAhead(main.id, specs, config.salesConcurrency);
    const salesAhead = performance.now() - salesStarted;
    log(
      `sold ${holders.length} tickets in ${orders.length} orders ahead in ${Math.round(salesAhead)} ms ` +
        `(${config.salesConcurrency} at once, ${Math.round(orders.length / (salesAhead / 1000))} orders/s)`,
    );
    // One more sale of a sold-out tier must be refused, not squeezed in.
    await shop.walkIn(main.id, ga.id, ga.price_cents, 1, 'Too late').then((sold) => {
      if (sold) errors.push('a sold-out tier sold one more ticket');
    });
    const otherEvent = await shop.sellAhead(
      matinee.id,
      Array.from({ length: config.wrongEvent }, (_, i) => ({
        tierId: matineeTier.id,
        priceCents: matineeTier.price_cents,
        quantity: 1,
        buyer: `Matinee guest ${i + 1}`,
      })),
      2,
    );

    // --- The afternoon. Who comes and how each one carries the ticket; photocopied passes need paper. ---
    const afternoonStarted = performance.now();
    // Before the evening the manager takes on the staff; from now on every write a till makes
    // needs someone signed in at it.
    const staff = await takeOnStaff(admin, config.tills);
    const manager = staff.find((m) => m.role === 'manager')!;
    const sellers = staff.filter((m) => m.role === 'seller');
    const picks = pickStaffActions(config, rng, holders);
    const attendance = chooseAttendance(config, rng, picks);
    const models = new Map<string, HolderModel>();
    for (const h of holders)
      models.set(h.ticketId, drawHolder(config, rng, { paper: attendance.photocopied.has(h.ticketId) }));
    for (const h of otherEvent) models.set(h.ticketId, drawHolder(config, rng));
    const wallets = new ApiClient(server.url, null);
    const attendees = new Map<string, Attendee>();
    const attendeeOf = (holder: Holder, model: HolderModel): Attendee => {
      const attendee = new Attendee(holder, model, wallets, () => clock.now());
      attendees.set(holder.ticketId, attendee);
      return attendee;
    };
    const ahead = [...holders, ...otherEvent].map((h) => attendeeOf(h, models.get(h.ticketId)!));
    const attendee = (ticketId: string): Attendee => {
      const found = attendees.get(ticketId);
      if (!found) throw new Error(`no attendee holds ${ticketId}`);
      return found;
    };

    // Strips fetched with the purchase, then the afternoon: more strips, passes collected at the box office.
    const strips: StripFetch[] = [];
    await eachLimited(
      ahead.filter(
        (a) => a.carry === 'phone_strip' && a.model.stripFetchedHoursBefore === config.salesLeadHours,
      ),
      4,
      (a) => fetchStrip(a, clock, doorsAt, 'purchase', strips),
    );
    const [fromHours, toHours] = config.afternoonHours;
    await runThroughTheDay(
      clock,
      afternoonJobs({
        attendees: ahead,
        doorsAt,
        clock,
        till: office.counter,
        printAt: () => rng.between(toHours, fromHours),
        strips,
      }),
      4,
    );
    const printed = { afternoon: ahead.filter((a) => a.printed !== null).length, walkIns: 0 };

    // An hour before doors each seller signs in at their till and opens a shift with a float;
    // the manager signs in at the first till, where refunds and voids are made.
    clock.advanceTo(doorsAt - 60 * minuteMs);
    for (const [i, till] of tills.entries()) await till.openShift(sellers[i]!, config.openingFloatCents);
    await office.managerSignsIn(manager);

    // Staff work before doors: stolen tickets voided, tickets handed on to friends (by mail:
    // the pass and the wallet link; a friend without data at the doors fetches the strip at once).
    // The first void the seller tries on their own, and is refused: voids are a manager's.
    clock.advanceTo(doorsAt - 45 * minuteMs);
    const revoked = new Set<string>();
    const revokedAt: Record<string, number> = {};
    const revoking = (h: Holder): void => {
      revokedAt[h.ticketId] = clock.now();
      revoked.add(h.ticketId);
    };
    for (const [i, h] of picks.voidsBefore.entries()) {
      revoking(h);
      await office.void(h, i === 0);
    }
    const transferredBefore: { original: Holder; friend: Holder }[] = [];
    for (const h of picks.transfersBefore) {
      revoking(h);
      const friend = await office.counter.transfer(h, `Friend of ${h.ticketId.slice(-6)}`);
      transferredBefore.push({ original: h, friend });
      const recipient = attendeeOf(friend, drawRecipient(config, rng));
      if (recipient.carry === 'phone_strip') await fetchStrip(recipient, clock, doorsAt, 'transfer', strips);
    }

    clock.advanceTo(doorsAt - 15 * minuteMs);
    const jwks = await admin.get<{ keys: { kid: string }[] }>('/v2/scan/jwks');
    const junk = junkCodes(config.junk, rng, jwks.keys[0]!.kid, main.id, picks.regular.slice(0, 50));

    // --- Doors: paired now, so their packs already list the afternoon's voids and transfers. ---
    let sinceOpen = (): number => 0;
    const presentations: Presentation[] = [];
    let onDecision = (p: Presentation): void => {
      if (p.error) errors.push(`Door ${p.door + 1}: ${p.error}`);
    };
    for (let i = 0; i < config.doors; i++) {
      doors.push(
        await SimDoor.pair({
          admin,
          eventId: main.id,
          index: i,
          stateDir,
          clock: () => sinceOpen(),
          eveningNow: () => clock.now(),
          onDecision: (p) => onDecision(p),
        }),
      );
    }
    secrets.push(...doors.flatMap((d) => d.secrets()));
    const feedSeen = new Map<string, (number | null)[]>();
    for (const d of doors) {
      d.followFeed((change, at) => {
        if (change.change !== 'sold' || !change.ticket_id) return;
        const seen = feedSeen.get(change.ticket_id) ?? doors.map(() => null);
        seen[at.index] = performance.now();
        feedSeen.set(change.ticket_id, seen);
      });
    }
    await until(() => doors.every((d) => d.feedEvents.some((e) => e.status === 'connected')), 5_000);

    const plan = buildPlan({
      config,
      rng,
      timing,
      picks,
      attendance,
      models,
      voidedBefore: picks.voidsBefore,
      transferredBefore,
      otherEvent,
      junk,
    });
    log(
      `plan: ${plan.filter((i) => i.type === 'present').length} presentations, ` +
        `${config.walkInParties} walk-in parties, ${config.voidsDuring} voids and ${config.transfersDuring} ` +
        `transfers during doors, ${config.doors} doors; doors open for ${config.doorsWallSeconds} s`,
    );

    // --- Doors open: from here the evening's clock runs `rate` times faster than real time. ---
    const afternoon = performance.now() - afternoonStarted;
    log(
      `afternoon: ${strips.length} wallet strips fetched, ${printed.afternoon} passes printed, staff work ` +
        `and door pairing done in ${Math.round(afternoon)} ms`,
    );
    clock.advanceTo(doorsAt);
    clock.run(rate);
    const opened = performance.now();
    const openedWall = Date.now();
    sinceOpen = () => performance.now() - opened;
    const marks = {
      doorCut: -1,
      doorRestore: -1,
      webhookDown: -1,
      webhookUp: -1,
      doorsClosed: -1,
      caughtUp: -1,
    };
    const walkIns: WalkInSale[] = [];
    const walkInStarts = new Map<string, number>();
    const syncs: DoorSync[] = [];
    const background = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>, what: string): void => {
      const guarded = work.catch((err: unknown) => {
        errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      });
      background.add(guarded);
      void guarded.finally(() => background.delete(guarded));
    };
    const nextTill = (): Till => tills.reduce((a, b) => (b.queue.pending < a.queue.pending ? b : a));
    let voidsDuring = 0;
    let seq = 0;
    const present = (
      p: Omit<Presentation, 'seq' | 'arrivedAt' | 'token'> & { token?: string },
    ): Presentation => {
      const presentation: Presentation = { token: '', ...p, seq: seq++, arrivedAt: sinceOpen() };
      presentations.push(presentation);
      doors[p.door]!.enqueue(presentation);
      return presentation;
    };
    // Whoever reaches the offline door while it is cut off (everyone in its line when the LAN is
    // due back, a voided ticket, an old code after a transfer) is judged there before its LAN
    // comes back. On a loaded machine the line, the void or the walk to the door can run late;
    // restored by the clock alone, the door would judge them online, and the evening would not
    // put the offline door to its test.
    const judgedWaiters = new Map<Presentation, (() => void)[]>();
    const whenJudged = (p: Presentation): Promise<void> =>
      p.decidedAt !== undefined
        ? Promise.resolve()
        : new Promise((resolve) => judgedWaiters.set(p, [...(judgedWaiters.get(p) ?? []), resolve]));
    const outageDuties: Promise<void>[] = [];
    const outageDuty = () => {
      let settle: () => void = () => undefined;
      outageDuties.push(new Promise<void>((resolve) => (settle = resolve)));
      return { watch: (p: Presentation) => void whenJudged(p).then(settle), settle: () => settle() };
    };
    type OutageDuty = ReturnType<typeof outageDuty>;
    /** `work`, letting its outage duty go should it fail before anyone is sent to the door. */
    const releasedOnFailure = (duty: OutageDuty | null, work: Promise<void>): Promise<void> =>
      work.catch((err: unknown) => {
        duty?.settle();
        throw err;
      });
    const later = (ms: number, what: string, fn: () => void): void => {
      track(sleep(ms).then(fn), what);
    };
    /** A voided or transferred-away code shown by its holder at `door` `ms` from now. */
    const revokedShownLater = (
      ms: number,
      what: string,
      shown: { kind: 'voided' | 'transferred_old'; door: number; ticketId: string },
      duty: OutageDuty | null,
    ): void => {
      const holder = attendee(shown.ticketId);
      later(ms, what, () => {
        const p = present({ ...shown, as: holder.carry, show: () => holder.showRevoked() });
        duty?.watch(p);
      });
    };
    /** A holder showing their own ticket, as they carry it. */
    const own = (a: Attendee): Pick<Presentation, 'as' | 'show'> => ({ as: a.carry, show: () => a.show() });
    const photocopiesShown = new Set<number>();
    /** What each planned person holds up, worked out at their turn at the door. */
    const shownBy = (p: PlannedPresentation): Pick<Presentation, 'as' | 'show'> & { token?: string } => {
      if (p.ticketId === null) return { as: 'junk', token: p.token ?? '' };
      const a = attendee(p.ticketId);
      const shows = (as: Presentation['as'], show: () => Shown | Promise<Shown>) => ({ as, show });
      switch (p.kind) {
        case 'stale':
          return shows('screenshot', () => a.staleScreenshot());
        case 'photocopy': {
          // The first of the two is the holder with the original, the second a photocopy.
          const copy = photocopiesShown.has(p.pairId ?? -1);
          photocopiesShown.add(p.pairId ?? -1);
          return copy ? shows('photocopy', () => a.photocopy()) : own(a);
        }
        case 'replay':
          return shows('screenshot', () => a.copyOfLast());
        case 'voided':
        case 'transferred_old':
          return shows(a.carry, () => a.showRevoked());
        default:
          return own(a);
      }
    };
    // Refused a stale screenshot, the holder steps aside, opens the wallet (or finds the
    // printout) and shows the real thing a minute later.
    onDecision = (p: Presentation): void => {
      for (const wake of judgedWaiters.get(p) ?? []) wake();
      judgedWaiters.delete(p);
      if (p.error) errors.push(`Door ${p.door + 1}: ${p.error}`);
      if (p.kind !== 'stale' || p.decision?.result !== 'rejected' || !p.ticketId) return;
      const a = attendee(p.ticketId);
      later(timing.minute, 'after a stale screenshot', () =>
        present({ kind: 'entry', door: p.door, ticketId: a.holder.ticketId, ...own(a) }),
      );
    };
    const offlineDoor = doors[config.offlineDoor]!;

    const syncDoor = async (d: SimDoor, why: DoorSync['why']): Promise<void> => {
      const at = sinceOpen();
      const queuedBefore = d.queuedOffline();
      // The LAN may take a moment to carry traffic again; a sync cut off is simply run again.
      for (let attempt = 0; ; attempt++) {
        try {
          const report = await d.device.sync();
          await d.device.pull();
          syncs.push({
            door: d.index,
            why,
            at,
            ms: sinceOpen() - at,
            queuedBefore,
            uploaded: report.uploaded,
            admitted: report.admitted,
            rejected: report.rejected,
            conflicts: report.conflicts,
            disagreements: report.disagreements.length,
          });
          return;
        } catch (err) {
          if (attempt >= 20) throw err;
          await sleep(250);
        }
      }
    };

    const sellWalkIn = async (item: Extract<PlanItem, { type: 'walk_in' }>, till: Till): Promise<void> => {
      const at = sinceOpen();
      const started = performance.now();
      const sold = await till.counter.walkIn(
        main.id,
        door.id,
        door.price_cents,
        item.walkers.length,
        item.name,
        item.paidBy,
      );
      const saleMs = performance.now() - started;
      const sale: WalkInSale = {
        at,
        quantity: item.walkers.length,
        soldOut: sold === null,
        saleMs,
        tickets: [],
      };
      walkIns.push(sale);
      if (!sold) return;
      sold.forEach((h, i) => {
        walkInStarts.set(h.ticketId, started);
        // Both forms, each door's offline validator, at once: the code and the pass of the sale.
        const offlineCheck = (d: SimDoor): string => {
          const verdicts = [h.token, h.pass].map((t) => (t ? d.device.validator.check(t).result : 'no pass'));
          return verdicts.every((v) => v === 'admitted') ? 'admitted' : verdicts.join(' / ');
        };
        sale.tickets.push({
          ticketId: h.ticketId,
          offlineCheck: doors.map(offlineCheck),
          doorOnline: doors.map((d) => d.feedLive),
          feedMs: [],
        });
        const walker = item.walkers[i]!;
        const buyer = attendeeOf(h, {
          carry: walker.print ? 'paper_print' : 'phone_live',
          stripFetchedHoursBefore: null,
          staleMinutes: null,
        });
        if (walker.print) {
          buyer.printed = h.pass;
          printed.walkIns++;
        }
        if (item.dropOut && i === sold.length - 1) {
          // The friend leaves without going in: the manager refunds their ticket from the office till.
          revoking(h);
          track(
            office.queue.run(() => office.void(h, false)),
            'refund of a walk-in who left',
          );
          return;
        }
        later(walker.delay, 'walk-in to the door', () =>
          present({ kind: 'walk_in', door: walker.door, ticketId: h.ticketId, ...own(buyer) }),
        );
      });
    };

    const dispatch = (item: PlanItem): void => {
      switch (item.type) {
        case 'present': {
          const planned = item.presentation;
          // A copy comes after the original: if its holder is still in a line (long lines can
          // hold them past the copy's time), it is shown a couple of minutes after them.
          if (planned.kind === 'replay' && planned.ticketId !== null) {
            const original = attendee(planned.ticketId);
            const due = original.lastShown !== null;
            original.whenShown(() =>
              due
                ? present({ ...planned, ...shownBy(planned) })
                : later(2 * timing.minute, 'copy shown after its holder', () =>
                    present({ ...planned, ...shownBy(planned) }),
                  ),
            );
          } else present({ ...planned, ...shownBy(planned) });
          break;
        }
        case 'screenshot':
          track(attendee(item.ticketId).takeScreenshot(), 'screenshot of a live code');
          break;
        case 'walk_in': {
          const till = nextTill();
          track(
            till.queue.run(() => sellWalkIn(item, till)),
            'walk-in sale',
          );
          break;
        }
        case 'void': {
          const sellerFirst = voidsDuring++ === 0;
          const duty = item.duringOutage ? outageDuty() : null;
          track(
            releasedOnFailure(
              duty,
              office.queue.run(async () => {
                revoking(item.holder);
                await office.void(item.holder, sellerFirst);
                const shown = { kind: 'voided', door: item.door, ticketId: item.holder.ticketId } as const;
                revokedShownLater(item.delay, 'voided holder', shown, duty);
              }),
            ),
            'void during doors',
          );
          break;
        }
        case 'transfer': {
          const till = nextTill();
          const duty = item.oldCode?.duringOutage ? outageDuty() : null;
          track(
            releasedOnFailure(
              duty,
              till.queue.run(async () => {
                revoking(item.holder);
                const friend = await till.counter.transfer(item.holder, item.friend);
                const recipient = attendeeOf(friend, item.friendModel);
                // The transfer mail has the wallet link: a phone that will have no data inside
                // fetches the strip now.
                if (recipient.carry === 'phone_strip')
                  await fetchStrip(recipient, clock, doorsAt, 'transfer', strips);
                later(item.friendDelay, 'transfer recipient', () =>
                  present({
                    kind: 'transfer_new',
                    door: item.friendDoor,
                    ticketId: friend.ticketId,
                    ...own(recipient),
                  }),
                );
                const old = item.oldCode;
                if (old) {
                  const shown = {
                    kind: 'transferred_old',
                    door: old.door,
                    ticketId: item.holder.ticketId,
                  } as const;
                  revokedShownLater(old.delay, 'old code after transfer', shown, duty);
                }
              }),
            ),
            'transfer during doors',
          );
          break;
        }
        case 'door_cut':
          offlineDoor.lan.cut();
          marks.doorCut = sinceOpen();
          log(`${offlineDoor.name} lost the LAN at ${(marks.doorCut / 1000).toFixed(1)} s`);
          break;
        case 'door_restore': {
          const inLine = presentations.filter((p) => p.door === config.offlineDoor).map(whenJudged);
          track(
            Promise.all([...outageDuties, ...inLine]).then(() => {
              offlineDoor.lan.restore();
              marks.doorRestore = sinceOpen();
              log(
                `${offlineDoor.name} back on the LAN at ${(marks.doorRestore / 1000).toFixed(1)} s; syncing`,
              );
              return syncDoor(offlineDoor, 'lan_back');
            }),
            `${offlineDoor.name} sync`,
          );
          break;
        }
        case 'webhook_down':
          track(receiver.goOffline(), 'receiver down');
          marks.webhookDown = sinceOpen();
          log(`webhook receiver unreachable at ${(marks.webhookDown / 1000).toFixed(1)} s`);
          break;
        case 'webhook_up':
          track(receiver.goOnline(), 'receiver up');
          marks.webhookUp = sinceOpen();
          log(`webhook receiver back at ${(marks.webhookUp / 1000).toFixed(1)} s`);
          break;
      }
    };

    // The queue-depth sampler runs from doors open until the catch-up is done.
    const samples: Sample[] = [];
    let sampling = true;
    const sampleMs = Math.max(100, Math.min(500, timing.window / 150));
    const sampler = (async () => {
      while (sampling) {
        try {
          const status = await admin.get<{ queued: number; online: boolean }>('/v2/webhooks/status');
          samples.push({
            t: sinceOpen(),
            webhookQueued: status.queued,
            webhookOnline: status.online,
            received: receiver.messages.length,
            offlineDoorQueue: offlineDoor.queuedOffline(),
            doorLines: doors.map((d) => d.waiting),
          });
        } catch (err) {
          errors.push(`sampler: ${err instanceof Error ? err.message : String(err)}`);
        }
        await sleep(sampleMs);
      }
    })();

    for (const item of plan) {
      const wait = item.at - sinceOpen();
      if (wait > 0) await sleep(wait);
      dispatch(item);
    }
    // Everyone still walking to a door, buying or waiting in line gets through (a refused
    // screenshot sends its holder round once more).
    do {
      while (background.size > 0) await Promise.allSettled([...background]);
      await Promise.all(tills.map((till) => till.queue.idle()));
      await Promise.all(doors.map((d) => d.idle()));
      // A holder's turn can send someone to another door (a copy shown after them).
    } while (background.size > 0 || doors.some((d) => d.waiting > 0));
    marks.doorsClosed = sinceOpen();
    // Every attempt on a ticket the server knows fires ticket.scanned (CONTRACT.md "Scanning").
    ledger.expect('ticket.scanned', presentations.filter((p) => p.ticketId !== null).length);
    const doorsMs = performance.now() - opened;
    log(`doors closed at ${(marks.doorsClosed / 1000).toFixed(1)} s: ${presentations.length} presentations`);

    // --- Cash-up: each seller counts the drawer and closes the shift; the last till comes up short. ---
    const closed: TillCashUp[] = [];
    for (const [i, till] of tills.entries()) {
      const mistake = i === tills.length - 1 ? -config.drawerShortCents : 0;
      const { z, kept } = await till.close(mistake);
      closed.push({ till: till.name, seller: till.seller!.name, shiftId: till.shiftId!, z, kept });
      await till.signOut();
      secrets.push(...till.secrets());
    }
    log(
      `cash-up: ${closed.map((c) => `${c.till} over/short ${(c.z.over_short_cents ?? 0) / 100}`).join(', ')}`,
    );

    // --- Catch-up: late answers settle, every door syncs what it still holds, webhooks drain. ---
    const catchUpStarted = performance.now();
    await Promise.all(doors.map((d) => d.device.settled()));
    for (const d of doors) if (d.queuedOffline() > 0) await syncDoor(d, 'closing');
    const drained = await until(
      async () => {
        const status = await admin.get<{ queued: number }>('/v2/webhooks/status');
        return status.queued === 0 && receiver.messages.length >= ledger.expectedWebhooks;
      },
      config.catchUpSeconds * 1000,
      100,
    );
    marks.caughtUp = sinceOpen();
    if (!drained) errors.push(`webhooks not caught up within ${config.catchUpSeconds} s`);
    sampling = false;
    await sampler;
    clock.stop();
    const catchUp = performance.now() - catchUpStarted;
    log(`caught up in ${Math.round(catchUp)} ms (${receiver.messages.length} webhooks received)`);

    for (const sale of walkIns) {
      for (const ticket of sale.tickets) {
        const started = walkInStarts.get(ticket.ticketId)!;
        ticket.feedMs = (feedSeen.get(ticket.ticketId) ?? doors.map(() => null)).map((seen) =>
          seen === null ? null : seen - started,
        );
      }
    }
    const conflicts = doors.map((d) => ({ door: d.index, records: d.device.conflicts() }));
    const doorStatus = doors.map((d) => ({
      door: d.index,
      queued: d.queuedOffline(),
      feedEvents: d.feedEvents.length,
    }));
    const store = readStore(server.dbFile, main.id);
    const eventReport = await admin.get<EventReport>(`/v2/reports/events/${main.id}`);
    const otherEventIds = new Set(otherEvent.map((h) => h.ticketId));
    const holdersByCarry: Record<Carry, number> = {
      phone_live: 0,
      phone_strip: 0,
      paper_print: 0,
      paper_mail: 0,
    };
    for (const a of attendees.values()) if (!otherEventIds.has(a.holder.ticketId)) holdersByCarry[a.carry]++;

    played = {
      config,
      timing,
      startedAt,
      day: {
        doorsAt: new Date(doorsAt).toISOString(),
        salesAt: new Date(salesAt).toISOString(),
        rate,
        probeMs,
      },
      holdersByCarry,
      strips,
      printed,
      paperTiers: store.tiers.filter((t) => t.paper_pass === 1).map((t) => t.id),
      openedAt: openedWall,
      mainEventId: main.id,
      phases: { serverStart, setup, salesAhead, afternoon, doors: doorsMs, catchUp },
      salesAhead: { orders: orders.length, tickets: holders.length, concurrency: config.salesConcurrency },
      marks,
      presentations,
      walkIns,
      samples,
      syncs,
      conflicts,
      doorStatus,
      revoked: [...revoked],
      revokedAt,
      otherEventTickets: otherEvent.map((h) => h.ticketId),
      received: receiver.messages,
      receiver: {
        requests: receiver.requests,
        invalidSignatures: receiver.invalidSignatures,
        duplicates: receiver.duplicates,
      },
      ledger,
      store,
      cashUp: {
        staff: staff.map(({ id, name, role }) => ({ id, name, role })),
        tills: closed,
        eventReport,
      },
      errors,
    };
  } finally {
    clock.stop();
    await Promise.allSettled(doors.map((d) => d.close()));
    await receiver.goOffline();
    await server.stop(options.keepData);
    if (options.keepData) log(`server data kept in ${server.dataDir}`);
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(clockDir, { recursive: true, force: true });
  }
  // The log is complete once the server has stopped. Ticket codes are not listed one by one:
  // they are JWS, which the search finds by shape.
  const serverLog = checkServerLog(logFile, secrets);
  if (logDir) rmSync(logDir, { recursive: true, force: true });
  return { ...played, serverLog };
}
