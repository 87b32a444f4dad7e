/**
 * Judges an evening: three witnesses — what the simulation did and the doors decided, what the
 * server stored, what the webhook receiver was told — must tell the same story, and the
 * promises must hold: no double admission goes unreported, no webhook is lost, nothing is
 * oversold. Every check is listed with its numbers, passed or not.
 */
import { carryLabels } from './carry.js';
import { judgeCashUp, type CashUpJudgement } from './cash-up.js';
import { judgeCredentials, type CredentialVerdicts } from './credential-judge.js';
import type { PresentationKind } from './door.js';
import type { EveningRecord } from './evening.js';
import { countBy, percentile, sum } from './stats.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Spread {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface TotalRow {
  what: string;
  sim: number;
  store: number;
  receiver: number;
}

export interface Reconciliation {
  doors: {
    presentations: number;
    undecided: number;
    admitted: number;
    rejected: number;
    /** Reasons as the doors showed them. */
    byReason: Record<string, number>;
    byMode: Record<string, number>;
    fallbacks: Record<string, number>;
    byKind: Record<string, { admitted: number; rejected: number }>;
    latency: { all: Spread; online: Spread; offline: Spread; perDoor: Spread[] };
  };
  admissions: {
    /** People let in at the doors (what the doors showed). */
    physical: number;
    /** Admissions that should not have happened: a second entry, or a voided/transferred code. */
    wrong: number;
    doubleTickets: number;
    doubleExtra: number;
    revokedAdmitted: number;
    /** Wrong admissions decided online (must be 0: the server decides atomically). */
    wrongOnline: number;
    /** Tickets whose wrong admissions outnumber the conflicts reported for them (must be empty). */
    unreported: string[];
    /** Device conflict-log records: an offline admission the server refused. */
    deviceReports: number;
    /** Scan records the server flagged `conflict` (another door admitted first). */
    serverConflictFlags: number;
    /** Valid holders who were never let in (must be 0). */
    wrongRejections: string[];
  };
  pairs: {
    total: number;
    bothOnline: number;
    bothOnlineExactlyOne: number;
    withOffline: number;
    withOfflineBothAdmitted: number;
    startGapMs: Spread;
  };
  walkIns: {
    parties: number;
    soldOutParties: number;
    tickets: number;
    saleMs: Spread;
    /** Tickets every door's offline validator admitted right after the sale. */
    offlineAdmissibleEverywhere: number;
    /** Sale asked → `sold` on the feed of the last door that was online at the time. */
    feedLastOnlineDoorMs: Spread;
    firstPresentations: number;
    firstPresentationsAdmitted: number;
  };
  webhooks: {
    expected: Record<string, number>;
    stored: Record<string, number>;
    received: Record<string, number>;
    expectedTotal: number;
    storedTotal: number;
    receivedTotal: number;
    deliveries: Record<string, number>;
    invalidSignatures: number;
    duplicates: number;
    requests: number;
    /** Messages written while the receiver was down. */
    backlog: number;
    /** Receiver back → the last of those delivered. */
    backlogDrainedMs: number | null;
    /** Commit → arrival for messages written while the receiver was up. */
    liveLagMs: Spread;
  };
  /** What people held up, judged by the credentials' own rules (credential-judge.ts). */
  credentials: CredentialVerdicts;
  totals: TotalRow[];
  tiers: { name: string; quantity: number; sold: number }[];
  /** The box office's tills, Z reports and the event report, to the cent (cash-up.ts). */
  cashUp: CashUpJudgement;
  checks: Check[];
  ok: boolean;
}

const spread = (values: readonly number[]): Spread => ({
  n: values.length,
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: values.length ? Math.max(...values) : Number.NaN,
});

const equalAll = (...values: number[]): boolean => values.every((v) => v === values[0]);

export function reconcile(record: EveningRecord, wallMs: number): Reconciliation {
  const { presentations, store, ledger, config } = record;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
  };

  // --- What the doors showed. ---
  const decided = presentations.filter((p) => p.decision);
  const decisions = decided.map((p) => ({ p, d: p.decision! }));
  const admittedAt = decisions.filter(({ d }) => d.result === 'admitted');
  const byKind: Record<string, { admitted: number; rejected: number }> = {};
  for (const { p, d } of decisions) {
    const row = (byKind[p.kind] ??= { admitted: 0, rejected: 0 });
    row[d.result]++;
  }
  const ms = (filter: (mode: string, door: number) => boolean): Spread =>
    spread(decisions.filter(({ p, d }) => filter(d.mode, p.door)).map(({ d }) => d.ms));
  const doors = {
    presentations: presentations.length,
    undecided: presentations.length - decided.length,
    admitted: admittedAt.length,
    rejected: decided.length - admittedAt.length,
    byReason: countBy(
      decisions.filter(({ d }) => d.reason),
      ({ d }) => d.reason!,
    ),
    byMode: countBy(decisions, ({ d }) => d.mode),
    fallbacks: countBy(
      decisions.filter(({ d }) => d.fallback),
      ({ d }) => d.fallback!,
    ),
    byKind,
    latency: {
      all: ms(() => true),
      online: ms((mode) => mode === 'online'),
      offline: ms((mode) => mode === 'offline'),
      perDoor: Array.from({ length: config.doors }, (_, i) => ms((_mode, door) => door === i)),
    },
  };

  // --- Admissions: who got in who should not have, and was each one owned up to? ---
  const revoked = new Set(record.revoked);
  const otherEvent = new Set(record.otherEventTickets);
  const perTicket = new Map<string, { shown: number; admitted: { online: boolean }[] }>();
  for (const p of presentations) {
    if (!p.ticketId || otherEvent.has(p.ticketId)) continue;
    const entry = perTicket.get(p.ticketId) ?? { shown: 0, admitted: [] };
    entry.shown++;
    if (p.decision?.result === 'admitted') entry.admitted.push({ online: p.decision.mode === 'online' });
    perTicket.set(p.ticketId, entry);
  }
  const reports = new Map<string, number>();
  for (const { records } of record.conflicts) {
    for (const r of records) {
      if (r.ticketId && r.localResult === 'admitted' && r.serverResult === 'rejected')
        reports.set(r.ticketId, (reports.get(r.ticketId) ?? 0) + 1);
    }
  }
  let wrong = 0;
  let doubleTickets = 0;
  let doubleExtra = 0;
  let revokedAdmitted = 0;
  let wrongOnline = 0;
  const unreported: string[] = [];
  const wrongRejections: string[] = [];
  for (const [ticketId, { shown, admitted }] of perTicket) {
    const online = admitted.filter((a) => a.online).length;
    let wrongHere: number;
    if (revoked.has(ticketId)) {
      wrongHere = admitted.length;
      revokedAdmitted += wrongHere;
      wrongOnline += online;
    } else {
      wrongHere = Math.max(0, admitted.length - 1);
      if (wrongHere > 0) {
        doubleTickets++;
        doubleExtra += wrongHere;
      }
      wrongOnline += Math.max(0, online - 1);
      if (shown > 0 && admitted.length === 0) wrongRejections.push(ticketId);
    }
    wrong += wrongHere;
    const reported = Math.max(reports.get(ticketId) ?? 0, store.conflictTickets.get(ticketId) ?? 0);
    if (wrongHere > reported) unreported.push(ticketId);
  }
  // Codes that are not this event's tickets must never get anyone in, online or offline.
  const strangersIn = decisions.filter(
    ({ p, d }) => d.result === 'admitted' && (p.ticketId === null || otherEvent.has(p.ticketId)),
  ).length;
  const admissions = {
    physical: admittedAt.length,
    wrong,
    doubleTickets,
    doubleExtra,
    revokedAdmitted,
    wrongOnline,
    unreported,
    deviceReports: sum([...reports.values()]),
    serverConflictFlags: store.scans.conflicts,
    wrongRejections,
  };

  // --- What people held up: valid credentials must get in, stale and copied ones must not. ---
  const reportedTicket = (ticketId: string): boolean =>
    (reports.get(ticketId) ?? 0) > 0 || (store.conflictTickets.get(ticketId) ?? 0) > 0;
  const credentials = judgeCredentials(record, reportedTicket);

  // --- The same ticket at two doors at once. ---
  const pairGroups = new Map<number, typeof decided>();
  for (const p of decided) {
    if (p.pairId === undefined) continue;
    pairGroups.set(p.pairId, [...(pairGroups.get(p.pairId) ?? []), p]);
  }
  let bothOnline = 0;
  let bothOnlineExactlyOne = 0;
  let withOffline = 0;
  let withOfflineBothAdmitted = 0;
  const gaps: number[] = [];
  for (const group of pairGroups.values()) {
    if (group.length !== 2) continue;
    const [a, b] = group as [(typeof decided)[number], (typeof decided)[number]];
    gaps.push(Math.abs((a.startedAt ?? 0) - (b.startedAt ?? 0)));
    const admittedHere = group.filter((p) => p.decision!.result === 'admitted').length;
    if (group.every((p) => p.decision!.mode === 'online')) {
      bothOnline++;
      if (admittedHere === 1) bothOnlineExactlyOne++;
    } else {
      withOffline++;
      if (admittedHere === 2) withOfflineBothAdmitted++;
    }
  }
  const pairs = {
    total: pairGroups.size,
    bothOnline,
    bothOnlineExactlyOne,
    withOffline,
    withOfflineBothAdmitted,
    startGapMs: spread(gaps),
  };

  // --- Walk-ins. ---
  const sales = record.walkIns;
  const walkTickets = sales.flatMap((s) => s.tickets.map((t) => ({ ...t, saleMs: s.saleMs })));
  const feedLast = walkTickets
    .map((t) => {
      const online = t.feedMs.filter((_, door) => t.doorOnline[door]);
      return online.some((v) => v === null) || online.length === 0 ? null : Math.max(...(online as number[]));
    })
    .filter((v): v is number => v !== null);
  const walkInIds = new Set(walkTickets.map((t) => t.ticketId));
  const firstShown = new Map<string, boolean>();
  for (const p of [...decided].sort((a, b) => (a.decidedAt ?? 0) - (b.decidedAt ?? 0))) {
    if (p.kind === 'walk_in' && p.ticketId && walkInIds.has(p.ticketId) && !firstShown.has(p.ticketId))
      firstShown.set(p.ticketId, p.decision!.result === 'admitted');
  }
  const walkIns = {
    parties: sales.length,
    soldOutParties: sales.filter((s) => s.soldOut).length,
    tickets: walkTickets.length,
    saleMs: spread(sales.filter((s) => !s.soldOut).map((s) => s.saleMs)),
    offlineAdmissibleEverywhere: walkTickets.filter((t) => t.offlineCheck.every((r) => r === 'admitted'))
      .length,
    feedLastOnlineDoorMs: spread(feedLast),
    firstPresentations: firstShown.size,
    firstPresentationsAdmitted: [...firstShown.values()].filter(Boolean).length,
  };

  // --- Webhooks: expected (the ledger) vs stored (the outbox) vs received (verified, by id). ---
  const received = countBy(record.received, (m) => m.type);
  const downWall = record.openedAt + record.marks.webhookDown;
  const upWall = record.openedAt + record.marks.webhookUp;
  const backlogMessages = record.received.filter((m) => m.createdAt >= downWall && m.createdAt < upWall);
  const backlogDrainedMs = backlogMessages.length
    ? Math.max(...backlogMessages.map((m) => m.receivedAt)) - upWall
    : null;
  // Lag in normal running: leave out every message the outage touched (sent late or queued).
  const liveLag = record.received
    .filter((m) => m.receivedAt < downWall || m.createdAt >= upWall + (backlogDrainedMs ?? 0))
    .map((m) => m.receivedAt - m.createdAt);
  const webhooks = {
    expected: { ...ledger.webhooks },
    stored: store.webhookMessages,
    received,
    expectedTotal: ledger.expectedWebhooks,
    storedTotal: sum(Object.values(store.webhookMessages)),
    receivedTotal: record.received.length,
    deliveries: store.deliveries,
    invalidSignatures: record.receiver.invalidSignatures,
    duplicates: record.receiver.duplicates,
    requests: record.receiver.requests,
    backlog: backlogMessages.length,
    backlogDrainedMs,
    liveLagMs: spread(liveLag),
  };

  // --- Store totals against the receiver's view and the simulation's own ledger. ---
  const ofType = (type: string) => record.received.filter((m) => m.type === type).map((m) => m.object);
  const ordersSeen = new Map<string, { total: number; tickets: number; refunded: number }>();
  for (const o of ofType('order.created')) {
    ordersSeen.set(String(o.id), {
      total: Number(o.total_cents),
      tickets: (o.tickets as unknown[]).length,
      refunded: 0,
    });
  }
  for (const o of ofType('order.refunded')) {
    const seen = ordersSeen.get(String(o.id));
    // Snapshots may arrive out of order (docs/webhooks.md "Order"): the largest refund is the latest.
    if (seen) seen.refunded = Math.max(seen.refunded, Number(o.refunded_cents));
  }
  const receiverGross = sum([...ordersSeen.values()].map((o) => o.total));
  const receiverRefunded = sum([...ordersSeen.values()].map((o) => o.refunded));
  const admittedByWebhook = new Set(
    ofType('ticket.scanned')
      .map((o) => o.scan as { ticket_id: string; result: string; direction: string; event_id: string })
      .filter((s) => s.result === 'admitted' && s.direction === 'in' && s.event_id === record.mainEventId)
      .map((s) => s.ticket_id),
  ).size;
  const validAdmissions = admissions.physical - admissions.wrong;
  const admittedScans = ofType('ticket.scanned')
    .map((o) => o.scan as { result: string; direction: string; event_id: string; credential: string })
    .filter((s) => s.result === 'admitted' && s.direction === 'in' && s.event_id === record.mainEventId);
  const receivedByCredential = countBy(admittedScans, (s) => s.credential);
  const totals: TotalRow[] = [
    { what: 'orders', sim: ledger.orders, store: store.orders, receiver: ordersSeen.size },
    {
      what: 'tickets sold',
      sim: ledger.ticketsSold,
      store: store.ticketsSold,
      receiver: sum([...ordersSeen.values()].map((o) => o.tickets)),
    },
    { what: 'gross (cents)', sim: ledger.grossCents, store: store.grossCents, receiver: receiverGross },
    {
      what: 'refunded (cents)',
      sim: ledger.refundedCents,
      store: store.refundedCents,
      receiver: receiverRefunded,
    },
    {
      what: 'net revenue (cents)',
      sim: ledger.grossCents - ledger.refundedCents,
      store: store.grossCents - store.refundedCents,
      receiver: receiverGross - receiverRefunded,
    },
    {
      what: 'tickets voided',
      sim: ledger.voids,
      store: store.ticketsByStatus.voided ?? 0,
      receiver: ofType('ticket.voided').length,
    },
    {
      what: 'tickets transferred',
      sim: ledger.transfers,
      store: store.ticketsByStatus.transferred ?? 0,
      receiver: ofType('ticket.transferred').length,
    },
    {
      what: 'admissions (valid)',
      sim: validAdmissions,
      store: store.admissions,
      receiver: admittedByWebhook,
    },
    ...(['rotating', 'paper'] as const).map((credential) => ({
      what: `  of them on ${credential === 'paper' ? 'a paper pass' : 'a rotating code'}`,
      sim: credentials.validAdmissionsByCredential[credential] ?? 0,
      store: store.scans.admittedByCredential[credential] ?? 0,
      receiver: receivedByCredential[credential] ?? 0,
    })),
    {
      what: 'scan attempts on known tickets',
      sim: presentations.filter((p) => p.ticketId !== null).length,
      store: store.scans.withTicket,
      receiver: ofType('ticket.scanned').length,
    },
  ];

  // --- The checks. ---
  check(
    'every double admission reported as a conflict',
    unreported.length === 0,
    `${doubleTickets} tickets admitted twice (${doubleExtra} extra entries), ${revokedAdmitted} voided/transferred ` +
      `codes admitted offline; reports: ${admissions.deviceReports} in door conflict logs, ` +
      `${admissions.serverConflictFlags} server conflict flags; unreported: ${unreported.length}`,
  );
  check(
    'no wrong admission decided online',
    wrongOnline === 0,
    `${wrongOnline} of ${wrong} wrong admissions were online decisions`,
  );
  check(
    'no foreign or forged code admitted',
    strangersIn === 0,
    `${strangersIn} admissions of junk, forged or other-event codes`,
  );
  check(
    'every holder of a valid ticket got in',
    wrongRejections.length === 0,
    `${wrongRejections.length} holders of valid tickets never admitted` +
      wrongRejections
        .slice(0, 3)
        .map(
          (id) =>
            `; ${id}: ` +
            presentations
              .filter((p) => p.ticketId === id)
              .map(
                (p) =>
                  `${p.kind} as ${p.as} at Door ${p.door + 1} → ${p.decision?.reason ?? p.decision?.result ?? p.error}`,
              )
              .join(', '),
        )
        .join(''),
  );
  const turned = credentials.turnedAway;
  check(
    'valid tickets turned away: 0',
    turned.length === 0 && credentials.validShown > 0,
    `${credentials.validShown} presentations of a valid credential (a live or strip code in its window, a pass of ` +
      `a paper tier, of an active ticket), ${turned.length} refused` +
      (turned.length
        ? `: ${turned
            .slice(0, 5)
            .map((t) => `${t.ticketId} (${carryLabels[t.as]}, Door ${t.door + 1} ${t.mode}, ${t.reason})`)
            .join('; ')}`
        : '') +
      ' — an already_scanned after another admission of the ticket is not counted',
  );
  const stale = credentials.stale;
  check(
    'stale screenshots refused as expired',
    stale.refusedExpired === stale.shown && credentials.invalidAdmitted.length === 0,
    `${stale.refusedExpired}/${stale.shown} stale screenshots refused expired; ` +
      `${credentials.invalidAdmitted.length} out-of-window codes admitted anywhere`,
  );
  check(
    'every door names the credential it read',
    credentials.credentialMisread.length === 0,
    `${credentials.credentialMisread.length} decisions naming another credential than the token's type`,
  );
  const copies = credentials.photocopies;
  check(
    'photocopied pass at two doors: one admitted, the other refused or reported',
    copies.otherwise.length === 0 && copies.pairs > 0,
    `${copies.pairs} pairs: ${copies.oneAndAlreadyScanned} admitted once and refused already_scanned, ` +
      `${copies.bothAdmittedReported} admitted twice offline and reported as a conflict, ` +
      `${copies.otherwise.length} otherwise`,
  );
  check(
    'two doors at once: exactly one admits when both are online',
    bothOnlineExactlyOne === bothOnline,
    `${bothOnlineExactlyOne}/${bothOnline} online pairs admitted exactly once; ${withOffline} pairs involved an ` +
      `offline decision (${withOfflineBothAdmitted} admitted twice, reported above)`,
  );
  check(
    'server admissions = door admissions − wrong ones',
    store.admissions === validAdmissions && store.ticketsCountedTwice === 0,
    `store Σ scan_count ${store.admissions}, doors ${admissions.physical} − ${wrong} = ${validAdmissions}`,
  );
  check(
    'every presentation reached the server exactly once',
    store.scans.total === presentations.length && doors.undecided === 0,
    `${presentations.length} presentations, ${store.scans.total} scan records ` +
      `(${store.scans.bySource.online ?? 0} online, ${store.scans.bySource.sync ?? 0} synced), ${doors.undecided} undecided`,
  );
  const stillQueued = sum(record.doorStatus.map((d) => d.queued));
  check('door queues empty after sync', stillQueued === 0, `${stillQueued} offline scans not synced`);
  const kinds = [
    ...new Set([
      ...Object.keys(webhooks.expected),
      ...Object.keys(webhooks.stored),
      ...Object.keys(received),
    ]),
  ];
  const kindsEqual = kinds.every((k) =>
    equalAll(webhooks.expected[k] ?? 0, webhooks.stored[k] ?? 0, webhooks.received[k] ?? 0),
  );
  check(
    'no lost webhook: expected = stored = received, per kind',
    kindsEqual,
    `expected ${webhooks.expectedTotal}, stored ${webhooks.storedTotal}, received ${webhooks.receivedTotal} distinct ids`,
  );
  const delivered = store.deliveries.delivered ?? 0;
  check(
    'every delivery delivered, none pending or failed',
    delivered === webhooks.storedTotal && Object.keys(store.deliveries).every((k) => k === 'delivered'),
    `deliveries ${JSON.stringify(store.deliveries)}, ${store.deliveriesWithFailures} with counted failures`,
  );
  check(
    'every webhook signature valid',
    webhooks.invalidSignatures === 0 && webhooks.requests > 0,
    `${webhooks.requests} requests, ${webhooks.invalidSignatures} failed standardwebhooks verification, ` +
      `${webhooks.duplicates} repeats of a known id`,
  );
  const mismatched = totals.filter((row) => !equalAll(row.sim, row.store, row.receiver));
  check(
    'store totals = receiver view = simulation ledger',
    mismatched.length === 0,
    mismatched.length === 0
      ? `${totals.length} totals agree`
      : `differ: ${mismatched.map((r) => r.what).join(', ')}`,
  );
  const tierRows = store.tiers.map((t) => ({ name: t.name, quantity: t.quantity, sold: t.sold }));
  const oversold = store.tiers.filter((t) => t.sold > t.quantity);
  check(
    'no oversell',
    oversold.length === 0 && sum(store.tiers.map((t) => t.sold)) === store.ticketsSold,
    `${tierRows.map((t) => `${t.name} ${t.sold}/${t.quantity}`).join(', ')}; ${ledger.soldOutRefusals} sales refused sold_out`,
  );
  check(
    'walk-ins admissible at once',
    walkIns.offlineAdmissibleEverywhere === walkIns.tickets &&
      walkIns.firstPresentationsAdmitted === walkIns.firstPresentations,
    `${walkIns.offlineAdmissibleEverywhere}/${walkIns.tickets} new codes pass every door's offline check at once; ` +
      `${walkIns.firstPresentationsAdmitted}/${walkIns.firstPresentations} admitted when first shown`,
  );
  const cashUp = judgeCashUp(record);
  checks.push(...cashUp.checks);
  check(
    'no secret in the server log',
    record.serverLog.found.length === 0 && record.serverLog.lines > 0,
    record.serverLog.found.length === 0
      ? `${record.serverLog.lines} lines, none with a secret-shaped string or one of the ` +
          `${record.serverLog.secretsLookedFor} credentials issued`
      : record.serverLog.found
          .slice(0, 5)
          .map((hit) => `line ${hit.line}: ${hit.kind} ${hit.preview}`)
          .join('; '),
  );
  check(
    'no errors during the run',
    record.errors.length === 0,
    record.errors.slice(0, 5).join('; ') || 'none',
  );
  check(
    'bounded wall time',
    wallMs <= config.wallLimitSeconds * 1000,
    `${(wallMs / 1000).toFixed(1)} s of at most ${config.wallLimitSeconds} s`,
  );

  return {
    doors,
    admissions,
    pairs,
    walkIns,
    webhooks,
    credentials,
    totals,
    tiers: tierRows,
    cashUp,
    checks,
    ok: checks.every((c) => c.ok),
  };
}

/** For the report's kind table: a fixed, readable order. */
export const kindOrder: readonly PresentationKind[] = [
  'entry',
  'walk_in',
  'transfer_new',
  'stale',
  'photocopy',
  'replay',
  'voided',
  'transferred_old',
  'wrong_event',
  'malformed',
  'forged',
];
