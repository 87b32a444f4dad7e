/**
 * The simulation's judge, on hand-made evenings: it must fail a run where a second entry or a
 * voided code got in without a conflict report, where the server itself admitted twice, or where
 * a webhook went missing — otherwise a green `npm run simulate` would prove nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ConflictRecord } from '../../../src/scanner/device-state.js';
import { ciDay } from '../../../sim/config.js';
import type { Presentation } from '../../../sim/door.js';
import type { EveningRecord } from '../../../sim/evening.js';
import { Ledger } from '../../../sim/ledger.js';
import { timingOf } from '../../../sim/plan.js';
import { reconcile } from '../../../sim/reconcile.js';
import type { StoreView } from '../../../sim/store-view.js';

const config = { ...ciDay, doors: 2 };

function shown(
  seq: number,
  ticketId: string,
  door: number,
  result: 'admitted' | 'rejected',
  mode: 'online' | 'offline',
): Presentation {
  return {
    seq,
    kind: 'entry',
    door,
    token: `token-${seq}`,
    as: 'phone_live',
    ticketId,
    arrivedAt: seq * 10,
    startedAt: seq * 10,
    decidedAt: seq * 10 + 3,
    decision: {
      result,
      reason: result === 'admitted' ? null : 'already_scanned',
      credential: 'rotating',
      mode,
      fallback: mode === 'offline' ? 'unreachable' : null,
      ms: 3,
    },
  };
}

function report(ticketId: string): ConflictRecord {
  return {
    ticketId,
    scannedAt: 0,
    localResult: 'admitted',
    serverResult: 'rejected',
    serverReason: 'already_scanned',
    conflict: true,
    recordedAt: 0,
  };
}

function evening(
  presentations: Presentation[],
  options: { admissions: number; conflicts?: ConflictRecord[]; revoked?: string[] },
): EveningRecord {
  const ledger = new Ledger();
  ledger.expect('ticket.scanned', presentations.length);
  const store: StoreView = {
    tiers: [
      { id: 'tkt_1', event_id: 'evt_1', name: 'GA', quantity: 10, sold: 2, price_cents: 100, paper_pass: 1 },
    ],
    orders: 0,
    grossCents: 0,
    refundedCents: 0,
    ticketsByStatus: {},
    ticketsSold: 2,
    admissions: options.admissions,
    ticketsCountedTwice: 0,
    scans: {
      total: presentations.length,
      byResult: {},
      byReason: {},
      bySource: {},
      withTicket: presentations.length,
      conflicts: 0,
      admittedByCredential: {},
    },
    conflictTickets: new Map(),
    webhookMessages: { 'ticket.scanned': presentations.length },
    deliveries: { delivered: presentations.length },
    deliveriesWithFailures: 0,
    maxAttempts: 1,
  };
  ledger.ticketsSold = 2;
  return {
    config,
    timing: timingOf(config),
    startedAt: '2026-12-24T19:00:00.000Z',
    day: {
      doorsAt: '2026-12-24T19:00:00.000Z',
      salesAt: '2026-12-24T10:00:00.000Z',
      rate: 900,
      probeMs: 5000,
    },
    holdersByCarry: { phone_live: 2, phone_strip: 0, paper_print: 0, paper_mail: 0 },
    strips: [],
    printed: { afternoon: 0, walkIns: 0 },
    paperTiers: ['tkt_1'],
    openedAt: 1_000_000,
    mainEventId: 'evt_1',
    phases: { serverStart: 0, setup: 0, salesAhead: 0, afternoon: 0, doors: 0, catchUp: 0 },
    salesAhead: { orders: 0, tickets: 2, concurrency: 1 },
    marks: { doorCut: 10, doorRestore: 20, webhookDown: 30, webhookUp: 40, doorsClosed: 50, caughtUp: 60 },
    presentations,
    walkIns: [],
    samples: [],
    syncs: [],
    conflicts: [
      { door: 0, records: [] },
      { door: 1, records: options.conflicts ?? [] },
    ],
    doorStatus: [],
    revoked: options.revoked ?? [],
    revokedAt: Object.fromEntries((options.revoked ?? []).map((id) => [id, 0])),
    otherEventTickets: [],
    received: presentations.map((p, i) => ({
      id: `msg_${i}`,
      type: 'ticket.scanned',
      object: {
        scan: { ticket_id: p.ticketId, result: 'admitted', direction: 'in', event_id: 'evt_1' },
      },
      createdAt: 1_000_000 + i,
      receivedAt: 1_000_000 + i + 5,
    })),
    receiver: { requests: presentations.length, invalidSignatures: 0, duplicates: 0 },
    ledger,
    store,
    cashUp: {
      staff: [],
      tills: [],
      eventReport: {
        totals: { orders: 0, sold: 0, comps: 0, refunds: 0, gross_cents: 0, refunds_cents: 0, net_cents: 0 },
        payment_methods: [],
        channels: [],
      },
    },
    errors: [],
    serverLog: { file: 'server.log', lines: 120, secretsLookedFor: 9, found: [] },
  };
}

const checkNamed = (rec: ReturnType<typeof reconcile>, name: string) =>
  rec.checks.find((c) => c.name === name)!;

describe('reconcile', () => {
  it('fails a double admission nobody reported, and passes it once a door logged the conflict', () => {
    const twice = [shown(0, 'tik_a', 0, 'admitted', 'online'), shown(1, 'tik_a', 1, 'admitted', 'offline')];
    const silent = reconcile(evening(twice, { admissions: 1 }), 1000);
    expect(silent.admissions.doubleTickets).toBe(1);
    expect(silent.admissions.unreported).toEqual(['tik_a']);
    expect(checkNamed(silent, 'every double admission reported as a conflict').ok).toBe(false);
    expect(silent.ok).toBe(false);

    const owned = reconcile(evening(twice, { admissions: 1, conflicts: [report('tik_a')] }), 1000);
    expect(owned.admissions.unreported).toEqual([]);
    expect(checkNamed(owned, 'every double admission reported as a conflict').ok).toBe(true);
    expect(checkNamed(owned, 'server admissions = door admissions − wrong ones').ok).toBe(true);
  });

  it('fails when the server itself admitted one ticket twice (both decisions online)', () => {
    const twice = [shown(0, 'tik_a', 0, 'admitted', 'online'), shown(1, 'tik_a', 1, 'admitted', 'online')];
    const rec = reconcile(evening(twice, { admissions: 1, conflicts: [report('tik_a')] }), 1000);
    expect(rec.admissions.wrongOnline).toBe(1);
    expect(checkNamed(rec, 'no wrong admission decided online').ok).toBe(false);
  });

  it('counts a voided code let in offline as a wrong admission that must be reported', () => {
    const voided = [shown(0, 'tik_v', 1, 'admitted', 'offline')];
    const rec = reconcile(evening(voided, { admissions: 0, revoked: ['tik_v'] }), 1000);
    expect(rec.admissions.revokedAdmitted).toBe(1);
    expect(rec.admissions.unreported).toEqual(['tik_v']);
  });

  it('fails when a webhook the ledger expects never arrived', () => {
    const once = [shown(0, 'tik_a', 0, 'admitted', 'online')];
    const record = evening(once, { admissions: 1 });
    record.ledger.expect('order.created');
    const rec = reconcile(record, 1000);
    expect(checkNamed(rec, 'no lost webhook: expected = stored = received, per kind').ok).toBe(false);
  });

  it('fails a run over its time bound and a valid holder who was turned away', () => {
    const refused = [shown(0, 'tik_a', 0, 'rejected', 'online')];
    const rec = reconcile(evening(refused, { admissions: 0 }), (config.wallLimitSeconds + 1) * 1000);
    expect(rec.admissions.wrongRejections).toEqual(['tik_a']);
    expect(checkNamed(rec, 'every holder of a valid ticket got in').ok).toBe(false);
    expect(checkNamed(rec, 'bounded wall time').ok).toBe(false);
  });

  it('fails when the server log shows a secret, or shows nothing at all', () => {
    const once = [shown(0, 'tik_a', 0, 'admitted', 'online')];
    const clean = evening(once, { admissions: 1 });
    expect(checkNamed(reconcile(clean, 1000), 'no secret in the server log').ok).toBe(true);
    const leaky = evening(once, { admissions: 1 });
    leaky.serverLog.found = [{ line: 7, kind: 'wallet secret', preview: '(43 chars, ending pQ9r)' }];
    const rec = reconcile(leaky, 1000);
    expect(checkNamed(rec, 'no secret in the server log')).toMatchObject({
      ok: false,
      detail: 'line 7: wallet secret (43 chars, ending pQ9r)',
    });
    expect(rec.ok).toBe(false);
    const silent = evening(once, { admissions: 1 });
    silent.serverLog.lines = 0;
    expect(checkNamed(reconcile(silent, 1000), 'no secret in the server log').ok).toBe(false);
  });
});

/** A JWS-shaped code for ticket `sub`, in the window [iat, exp] (seconds); the judge reads, never verifies. */
function code(sub: string, iat: number, exp: number, typ = 'ticket+jwt'): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA', typ, kid: 'k1' })}.${part({ sub, evt: 'evt_1', tier: 'tkt_1', iat, exp })}.c2ln`;
}

/** `shown`, holding a real-shaped credential judged at `atSeconds`. */
function held(
  p: Presentation,
  token: string,
  atSeconds: number,
  extra: Partial<Presentation> = {},
  decision: Partial<NonNullable<Presentation['decision']>> = {},
): Presentation {
  const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { typ: string };
  const credential = header.typ === 'ticket-pass+jwt' ? 'paper' : 'rotating';
  return {
    ...p,
    token,
    shownAt: atSeconds * 1000,
    ...extra,
    decision: { ...p.decision!, credential, ...decision },
  };
}

describe('reconcile: what people held up', () => {
  const now = 1_800_000_000;

  it('counts a valid strip code the door refused as a valid ticket turned away', () => {
    const refused = held(
      shown(0, 'tik_a', 0, 'rejected', 'offline'),
      code('tik_a', now - 100, now + 200),
      now,
      {
        as: 'phone_strip',
      },
      { reason: 'expired' },
    );
    const rec = reconcile(evening([refused], { admissions: 0 }), 1000);
    expect(rec.credentials.validShown).toBe(1);
    expect(rec.credentials.turnedAway).toMatchObject([
      { ticketId: 'tik_a', as: 'phone_strip', reason: 'expired' },
    ]);
    expect(checkNamed(rec, 'valid tickets turned away: 0').ok).toBe(false);
  });

  it('does not count already_scanned after an admission of the ticket, and requires stale codes refused', () => {
    const first = held(shown(0, 'tik_a', 0, 'admitted', 'online'), code('tik_a', now - 10, now + 290), now);
    const second = held(
      shown(1, 'tik_a', 1, 'rejected', 'online'),
      code('tik_a', now - 10, now + 290),
      now + 1,
      {
        kind: 'replay',
        as: 'screenshot',
      },
    );
    const stale = held(
      shown(2, 'tik_b', 0, 'rejected', 'online'),
      code('tik_b', now - 600, now - 300),
      now,
      {
        kind: 'stale',
        as: 'screenshot',
      },
      { reason: 'expired' },
    );
    const ok = reconcile(evening([first, second, stale], { admissions: 1 }), 1000);
    expect(ok.credentials.validShown).toBe(2);
    expect(ok.credentials.turnedAway).toEqual([]);
    expect(checkNamed(ok, 'valid tickets turned away: 0').ok).toBe(true);
    expect(checkNamed(ok, 'stale screenshots refused as expired').ok).toBe(true);

    const staleIn = held(stale, stale.token, now, {}, { result: 'admitted', reason: null });
    const bad = reconcile(evening([first, second, staleIn], { admissions: 2 }), 1000);
    expect(bad.credentials.invalidAdmitted).toEqual([2]);
    expect(checkNamed(bad, 'stale screenshots refused as expired').ok).toBe(false);
  });

  it('fails a photocopied pass admitted at two doors with no conflict report, and a door misnaming a pass', () => {
    const pass = code('tik_p', now - 3600, now + 86_400, 'ticket-pass+jwt');
    const pair = [
      held(shown(0, 'tik_p', 0, 'admitted', 'online'), pass, now, {
        kind: 'photocopy',
        pairId: 0,
        as: 'paper_mail',
      }),
      held(shown(1, 'tik_p', 1, 'admitted', 'offline'), pass, now, {
        kind: 'photocopy',
        pairId: 0,
        as: 'photocopy',
      }),
    ];
    const silent = reconcile(evening(pair, { admissions: 1 }), 1000);
    expect(silent.credentials.photocopies).toMatchObject({ pairs: 1, otherwise: [0] });
    expect(
      checkNamed(silent, 'photocopied pass at two doors: one admitted, the other refused or reported').ok,
    ).toBe(false);
    const reported = reconcile(evening(pair, { admissions: 1, conflicts: [report('tik_p')] }), 1000);
    expect(reported.credentials.photocopies.bothAdmittedReported).toBe(1);
    expect(
      checkNamed(reported, 'photocopied pass at two doors: one admitted, the other refused or reported').ok,
    ).toBe(true);
    expect(checkNamed(reported, 'every door names the credential it read').ok).toBe(true);

    const misread = pair.map((p) => ({
      ...p,
      decision: { ...p.decision!, credential: 'rotating' as const },
    }));
    expect(
      checkNamed(
        reconcile(evening(misread, { admissions: 1 }), 1000),
        'every door names the credential it read',
      ).ok,
    ).toBe(false);
  });
});
