/**
 * The plain-text report of an evening: what a person reads in the terminal (and in
 * docs/venue-day/report.txt). Every figure the HTML report shows is here too.
 */
import type { Machine } from '../bench/machine.js';
import { machineLine } from '../bench/machine.js';
import { carries, carryLabels, type ShownAs } from './carry.js';
import type { EveningRecord } from './evening.js';
import { percentile } from './stats.js';
import { kindOrder, type Reconciliation, type Spread } from './reconcile.js';

const ms = (value: number): string =>
  Number.isNaN(value) ? '–' : value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
const spread = (s: Spread): string =>
  s.n === 0 ? 'none' : `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)} (n=${s.n})`;
const seconds = (value: number): string => `${(value / 1000).toFixed(1)} s`;
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const money = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The virtual clock of the evening: doors at 19:00, `minute` wall ms per minute. */
export function eveningClock(record: EveningRecord): (atMs: number) => string {
  return (atMs) => {
    const minutes = Math.round(atMs / record.timing.minute);
    const h = 19 + Math.floor(minutes / 60);
    return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
}

function table(headers: string[], rows: (string | number)[][]): string[] {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]): string =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)];
}

export function textReport(
  record: EveningRecord,
  rec: Reconciliation,
  machine: Machine,
  wallMs: number,
  command: string,
): string {
  const { config, marks, phases } = record;
  const at = eveningClock(record);
  const door = (i: number): string => `Door ${i + 1}`;
  const out: string[] = [];
  const section = (title: string): void => {
    out.push('', title, '='.repeat(title.length));
  };

  out.push(`Marquee venue day — one simulated evening (seed ${config.seed})`);
  out.push(`Command: ${command}`);
  out.push(`Run: ${record.startedAt}, ${machineLine(machine)}`);
  out.push(
    `Wall time ${seconds(wallMs)} (limit ${config.wallLimitSeconds} s): server start ${seconds(phases.serverStart)}, ` +
      `setup ${seconds(phases.setup)}, sales ahead ${seconds(phases.salesAhead)}, ` +
      `afternoon ${seconds(phases.afternoon)}, doors ${seconds(phases.doors)}, ` +
      `catch-up ${seconds(phases.catchUp)}.`,
  );
  out.push(
    `Everything on 127.0.0.1: the headless server (child process, temp data dir), a webhook receiver, ` +
      `${config.doors} door devices (scanner SDK, SQLite state each, paired via /v2/devices/pairing), ` +
      `a box office with ${config.tills} windows and a web shop.`,
  );
  out.push(
    `The evening (doors 19:00 → ${at(record.timing.window)}, headline ${at(config.headlineMinute * record.timing.minute)}) ` +
      `is compressed into ${config.doorsWallSeconds} s: one minute = ${Math.round(record.timing.minute)} ms.`,
  );

  section('Timeline');
  const hm = (iso: string): string => iso.slice(11, 16);
  out.push(
    `The day on the server's clock (libfaketime; doors and phones read the same clock): sales from ` +
      `${hm(record.day.salesAt)} UTC, doors ${hm(record.day.doorsAt)} UTC on ${record.day.doorsAt.slice(0, 10)}; ` +
      `the afternoon is stepped through in 5-minute slots, the doors window runs ${Math.round(record.day.rate)}× ` +
      `real time (the server's webhook probe every ${record.day.probeMs} ms of that clock).`,
  );
  const before = record.strips.filter((s) => s.why !== 'transfer');
  if (before.length > 0) {
    const ahead = before.map((s) => s.serverAheadMs);
    const shift = before.map((s) => s.serverShiftMs / 3_600_000);
    out.push(
      `The server on that clock, as its strips say (generated_at at ${before.length} fetches before doors): ` +
        `${Math.min(...shift).toFixed(1)}–${Math.max(...shift).toFixed(1)} h ahead of the machine's clock, ` +
        `${ms(Math.min(...ahead))} to ${ms(Math.max(...ahead))} off the evening's clock (the request's time on the wire).`,
    );
  }
  out.push(
    `Sold ahead: ${record.salesAhead.tickets} tickets in ${record.salesAhead.orders} orders, ` +
      `${record.salesAhead.concurrency} checkouts at once, ${seconds(phases.salesAhead)} ` +
      `(${Math.round(record.salesAhead.orders / (phases.salesAhead / 1000))} orders/s).`,
  );
  out.push(
    `Before doors: ${config.voidsBefore} tickets voided, ${config.transfersBefore} transferred (in the door packs).`,
  );
  out.push(
    `${door(config.offlineDoor)} off the LAN ${at(marks.doorCut)}–${at(marks.doorRestore)} ` +
      `(${seconds(marks.doorCut)}–${seconds(marks.doorRestore)} wall).`,
  );
  out.push(
    `Webhook receiver unreachable ${at(marks.webhookDown)}–${at(marks.webhookUp)} ` +
      `(${seconds(marks.webhookDown)}–${seconds(marks.webhookUp)} wall).`,
  );
  out.push(
    `Last person through at ${seconds(marks.doorsClosed)}; every door synced and every webhook delivered at ` +
      `${seconds(marks.caughtUp)} (catch-up after doors closed: ${ms(marks.caughtUp - marks.doorsClosed)}).`,
  );

  section('Doors');
  const d = rec.doors;
  out.push(
    `${d.presentations} presentations: ${d.admitted} admitted, ${d.rejected} rejected, ${d.undecided} undecided.`,
  );
  out.push(
    `Decided online ${d.byMode.online ?? 0}, offline ${d.byMode.offline ?? 0}` +
      (Object.keys(d.fallbacks).length
        ? ` (why offline: ${Object.entries(d.fallbacks)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : '') +
      '.',
  );
  out.push('');
  out.push(
    ...table(
      ['who came', 'shown', 'admitted', 'rejected'],
      kindOrder
        .filter((k) => d.byKind[k])
        .map((k) => {
          const row = d.byKind[k]!;
          return [k, row.admitted + row.rejected, row.admitted, row.rejected];
        }),
    ),
  );
  out.push('');
  const reasons = [
    ...new Set([...Object.keys(d.byReason), ...Object.keys(record.store.scans.byReason)]),
  ].sort();
  out.push('Rejections by reason (what the doors showed / what the server recorded after sync):');
  out.push(
    ...table(
      ['reason', 'at the door', 'in the store'],
      reasons.map((r) => [r, d.byReason[r] ?? 0, record.store.scans.byReason[r] ?? 0]),
    ),
  );
  const refusedAtSync = Object.values(record.store.scans.byReason).reduce((x, y) => x + y, 0) - d.rejected;
  out.push(
    `The store has ${refusedAtSync} more rejections than the doors showed: offline admissions the server ` +
      `refused when the offline door synced (see "Admissions and conflicts").`,
  );
  out.push('');
  out.push('Door decision latency (scan call → decision, the SDK’s own measure):');
  out.push(`  all      ${spread(d.latency.all)}`);
  out.push(`  online   ${spread(d.latency.online)}`);
  out.push(`  offline  ${spread(d.latency.offline)}`);
  d.latency.perDoor.forEach((s, i) => out.push(`  ${door(i)}   ${spread(s)}`));

  section('Admissions and conflicts');
  const a = rec.admissions;
  out.push(
    `People let in at the doors: ${a.physical}; valid admissions: ${a.physical - a.wrong} (server: ${record.store.admissions}).`,
  );
  out.push(
    `Double admissions: ${count(a.doubleTickets, 'ticket')} let in twice (${count(a.doubleExtra, 'extra person', 'extra people')}); ` +
      `voided/transferred codes let in: ${a.revokedAdmitted}. Wrong admissions decided online: ${a.wrongOnline} ` +
      `(the server admits atomically; only a door deciding alone can let a second person in).`,
  );
  out.push(
    `Reported: ${a.deviceReports} offline admissions the server refused, in the doors' conflict logs; ` +
      `${a.serverConflictFlags} scan records flagged conflict by the server; unreported: ${a.unreported.length}.`,
  );
  const p = rec.pairs;
  out.push(
    `Same ticket at two doors at once: ${count(p.total, 'time')} (start gap ${spread(p.startGapMs)}); ` +
      `both doors online ${p.bothOnline}, exactly one admitted ${p.bothOnlineExactlyOne}; with an offline door ` +
      `${p.withOffline}, both admitted ${p.withOfflineBothAdmitted}.`,
  );
  for (const s of record.syncs) {
    out.push(
      `${door(s.door)} sync (${s.why === 'lan_back' ? 'LAN back' : 'closing'}) at ${seconds(s.at)}: ` +
        `${s.uploaded} offline scans uploaded in ${ms(s.ms)} — ${s.admitted} admitted, ${s.rejected} rejected, ` +
        `${count(s.conflicts, 'conflict')} (another door admitted first), ${s.disagreements} verdicts differing ` +
        `from the door's, all kept in its conflict log.`,
    );
  }

  credentialSection(record, rec, section, out);

  section('Walk-ins');
  const w = rec.walkIns;
  out.push(
    `${w.parties} parties at the box office, ${w.soldOutParties} turned away sold out; ${w.tickets} tickets sold during doors.`,
  );
  out.push(`Sale round trip (request → committed order with codes): ${spread(w.saleMs)}.`);
  out.push(
    `Admissible at every online door from that moment: an online door asks the server, which has the ticket ` +
      `once the sale committed — so the figure is the sale round trip above. Offline, the code is ` +
      `self-contained (Ed25519-signed): ${w.offlineAdmissibleEverywhere}/${w.tickets} new codes passed every ` +
      `door's offline check immediately, ${door(config.offlineDoor)} included, with no pack or feed update.`,
  );
  out.push(
    `Sale → "sold" on the scan feed of every door that was online: ${spread(w.feedLastOnlineDoorMs)}. ` +
      `The server pushes a sale to the feed with the next scan it pushes, or at its 500 ms poll for ` +
      `changes from other services, whichever comes first: tens of ms while doors are busy, up to ~0.5 s ` +
      `when quiet. Informational: a door does not need the feed to admit a walk-in.`,
  );
  out.push(`First time shown at a door: ${w.firstPresentationsAdmitted}/${w.firstPresentations} admitted.`);

  section('Webhooks');
  const h = rec.webhooks;
  const kinds = [
    ...new Set([...Object.keys(h.expected), ...Object.keys(h.stored), ...Object.keys(h.received)]),
  ].sort();
  out.push(
    ...table(
      ['kind', 'expected', 'stored', 'received'],
      [
        ...kinds.map((k) => [k, h.expected[k] ?? 0, h.stored[k] ?? 0, h.received[k] ?? 0]),
        ['total', h.expectedTotal, h.storedTotal, h.receivedTotal],
      ],
    ),
  );
  out.push(
    `Deliveries: ${Object.entries(h.deliveries)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}; ${record.store.deliveriesWithFailures} with a counted failed attempt, ` +
      `at most ${record.store.maxAttempts} counted attempt(s) per delivery (offline tries are not counted).`,
  );
  out.push(
    `Signatures: ${h.requests} requests verified with standardwebhooks, ${h.invalidSignatures} invalid; ` +
      `${h.duplicates} repeats of an id already received (at least once).`,
  );
  out.push(
    `Outage: ${h.backlog} messages written while the receiver was down; all delivered ` +
      `${h.backlogDrainedMs === null ? '(none)' : ms(h.backlogDrainedMs)} after it came back ` +
      `(probe every ${record.day.probeMs} ms of the evening's clock, ` +
      `${ms(record.day.probeMs / record.day.rate)} real).`,
  );
  out.push(`Commit → receiver in normal running: ${spread(h.liveLagMs)}.`);

  section('Totals: simulation vs store vs webhook receiver');
  out.push(
    ...table(
      ['', 'simulation', 'store', 'receiver'],
      rec.totals.map((r) => [r.what, r.sim, r.store, r.receiver]),
    ),
  );
  out.push(
    `Net revenue ${money(rec.totals.find((r) => r.what === 'net revenue (cents)')!.store)}; tiers: ` +
      rec.tiers.map((t) => `${t.name} ${t.sold}/${t.quantity}`).join(', ') +
      '.',
  );

  cashUpSection(record, rec, section, out);

  section('Invariants');
  for (const c of rec.checks) out.push(`[${c.ok ? 'PASS' : 'FAIL'}] ${c.name} — ${c.detail}`);
  const failed = rec.checks.filter((c) => !c.ok).length;
  out.push('', failed === 0 ? 'RESULT: every invariant holds.' : `RESULT: ${failed} invariant(s) FAILED.`);
  return out.join('\n') + '\n';
}

/** The box office's end of the night: each till's drawer, and the evening's money three ways. */
function cashUpSection(
  record: EveningRecord,
  rec: Reconciliation,
  section: (title: string) => void,
  out: string[],
): void {
  const { cashUp, ledger, config } = record;
  const names = (role: string) =>
    cashUp.staff
      .filter((m) => m.role === role)
      .map((m) => m.name)
      .join(' and ');
  section('Cash-up');
  out.push(
    `Staff taken on with the admin key before the evening: ${names('manager')} (manager), ${names('seller')} ` +
      `(sellers). Each seller signed in with a PIN at a paired till and opened a shift with a ` +
      `${money(config.openingFloatCents)} float; the manager signed in at ${cashUp.tills[0]?.till ?? 'the first till'} ` +
      `for the voids and refunds (${count(ledger.sellerVoidAttempts, 'void')} a seller tried first: ` +
      `${ledger.roleRefusals} refused insufficient_role). At the end each seller counted the drawer and closed the ` +
      `shift; the last till's count was deliberately ${money(config.drawerShortCents)} short.`,
  );
  out.push('');
  const signed = (cents: number | null): string =>
    cents === null ? '–' : cents < 0 ? `−${money(-cents)}` : cents > 0 ? `+${money(cents)}` : money(0);
  out.push(
    ...table(
      ['till', 'seller', 'float', 'cash', 'card', 'comps', 'refunds', 'expected', 'counted', 'over/short'],
      rec.cashUp.tills.map((t) => [
        t.till,
        t.seller,
        money(t.floatCents),
        money(t.cashCents),
        money(t.cardCents),
        t.compTickets,
        money(t.refundsCents),
        money(t.expectedCents),
        t.countedCents === null ? '–' : money(t.countedCents),
        signed(t.overShortCents),
      ]),
    ),
  );
  out.push(
    'From each Z report (POST /v2/shifts/{id}/close): cash and card taken, comp tickets given, all refunds made ' +
      'there (cash and card); expected = float + cash − cash refunded. Each figure equals the till’s own book in ' +
      `the simulation (${rec.cashUp.tillRows.length} figures, see the invariants).`,
  );
  out.push('');
  const figure = (row: { count?: boolean }, value: number | null | undefined): string =>
    value === null || value === undefined ? '–' : row.count ? String(value) : money(value);
  out.push(
    ...table(
      ['the evening (main event)', 'simulation', 'Z reports + web shop', 'event report'],
      rec.cashUp.eventRows.map((r) => [r.what, figure(r, r.sim), figure(r, r.z), figure(r, r.event)]),
    ),
  );
  out.push(
    'A Z report counts a refund at the till that made it, not where the order was sold: only the simulation ' +
      'and the event report (GET /v2/reports/events/{id}) split refunds by channel.',
  );
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`;

/** Who carried what, what the doors read, and the promise: no valid ticket turned away. */
function credentialSection(
  record: EveningRecord,
  rec: Reconciliation,
  section: (title: string) => void,
  out: string[],
): void {
  const c = rec.credentials;
  section('Attendees and credentials');
  const holders = carries.reduce((n, k) => n + record.holdersByCarry[k], 0);
  out.push(
    `${holders} ticket holders of this evening (sold ahead, transferred to, bought at the window), by how they ` +
      `carry the ticket: ` +
      carries
        .map(
          (k) =>
            `${carryLabels[k]} ${record.holdersByCarry[k]} (${percent(record.holdersByCarry[k], holders)})`,
        )
        .join(', ') +
      '.',
  );
  const strips = record.strips;
  const hours = strips.filter((s) => s.why !== 'transfer').map((s) => s.hoursBefore);
  const why = (w: string): number => strips.filter((s) => s.why === w).length;
  out.push(
    `Wallet strips (GET /w/{secret}/strip) fetched while the phone still had data: ${strips.length} — ` +
      `${why('purchase')} with the purchase, ${why('afternoon')} in the afternoon, ${why('transfer')} on receiving ` +
      `a transfer (before or during doors); the first two ${hours.length ? `${Math.min(...hours).toFixed(1)}–${Math.max(...hours).toFixed(1)}` : '–'} h ` +
      `before doors, ${percentile(
        strips.map((s) => s.tokens),
        50,
      )} codes each (p50). At the door such a phone shows the code of the current 5-minute window.`,
  );
  out.push(
    `Paper passes printed at the box office: ${record.printed.afternoon} collected in the afternoon, ` +
      `${record.printed.walkIns} for walk-ins; the others print the order mail's PDF (same pass).`,
  );
  out.push('');
  const order: ShownAs[] = [...carries, 'screenshot', 'photocopy', 'junk'];
  out.push(
    ...table(
      ['held up', 'shown', 'admitted', 'rejected'],
      order
        .filter((k) => c.byShownAs[k])
        .map((k) => {
          const row = c.byShownAs[k]!;
          return [carryLabels[k], row.shown, row.admitted, row.rejected];
        }),
    ),
  );
  out.push('');
  out.push(
    `What the doors read (the SDK's \`credential\`): ` +
      Object.entries(c.byDoorCredential)
        .map(([k, r]) => `${k} ${r.shown} (${r.admitted} admitted)`)
        .join(', ') +
      `. Admissions the server kept, by credential: ` +
      Object.entries(record.store.scans.admittedByCredential)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') +
      ' (the same in the simulation and at the receiver: see the totals).',
  );
  out.push(
    `Valid tickets turned away: ${c.turnedAway.length} of ${c.validShown} presentations of a valid credential ` +
      `(an active ticket's live or strip code within its window, or a pass of a paper tier).`,
  );
  const v = c.validity;
  out.push(
    `Not valid when shown: ${v.out_of_window} out of their window, ${v.revoked} of voided or transferred tickets, ` +
      `${v.other_event} for another event, ${v.no_paper} passes of a tier without paper, ${v.not_a_ticket} junk or ` +
      `forgeries; out-of-window codes admitted: ${c.invalidAdmitted.length}.`,
  );
  const st = c.stale;
  out.push(
    `Stale screenshots: ${st.shown} shown (${st.ageMinutes.p50.toFixed(0)} min old p50, ` +
      `${Number.isNaN(st.ageMinutes.max) ? '–' : st.ageMinutes.max.toFixed(0)} max), ${st.refusedExpired} refused ` +
      `expired — correct: a code is good for 5 minutes and 30 s of skew; ${st.thenAdmitted} of those holders then ` +
      `showed the live code or strip and were admitted` +
      (st.copyFirst
        ? `, ${st.copyFirst} found a copy of their code had got in first (already_scanned)`
        : '') +
      '.',
  );
  const pc = c.photocopies;
  out.push(
    `Photocopied passes at two doors at once: ${pc.pairs} — ${pc.oneAndAlreadyScanned} admitted once and ` +
      `refused already_scanned at the other door, ${pc.bothAdmittedReported} admitted at both (an offline door) ` +
      `and reported as a conflict after the sync, ${pc.otherwise.length} otherwise.`,
  );
  const later = c.copiesLater;
  out.push(
    `Copies shown later by someone else (a screenshot sent round, a photocopy): ${later.shown}, ` +
      `${later.admitted} admitted (only a door deciding offline can; reported above); refused: ` +
      (Object.entries(later.byReason)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none') +
      '.',
  );
}
