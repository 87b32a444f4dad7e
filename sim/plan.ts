/**
 * The script of the evening, drawn from the seed before doors open: who comes when and to
 * which door, who shows a stale screenshot or a copy of someone else's ticket, which passes are
 * photocopied, which tickets staff will void or transfer, when door 3 loses the LAN and when the
 * webhook receiver goes away. Times are ms of wall clock since doors opened; one minute of the
 * evening is `minute` ms.
 */
import type { VenueDayConfig } from './config.js';
import type { Holder } from './box-office.js';
import { drawRecipient, type HolderModel } from './carry.js';
import type { PresentationKind } from './door.js';
import type { PaidBy } from './ledger.js';
import { Random } from './random.js';

export interface PlannedPresentation {
  at: number;
  kind: PresentationKind;
  door: number;
  ticketId: string | null;
  /** Junk only: the code itself (everyone else's is worked out when shown). */
  token?: string;
  /** Two presentations of one ticket at two doors at once share this. */
  pairId?: number;
}

export interface Walker {
  door: number;
  delay: number;
  /** Takes the pass the window prints, rather than the wallet link. */
  print: boolean;
}

export type PlanItem =
  | { at: number; type: 'present'; presentation: PlannedPresentation }
  /** A phone holder screenshots the wallet's code, to show it (stale) later. */
  | { at: number; type: 'screenshot'; ticketId: string }
  /**
   * A walk-in party buys at a window, then each of them walks to a door; with `dropOut` (a cash
   * party of two) the second leaves at once and the manager refunds that ticket.
   */
  | { at: number; type: 'walk_in'; name: string | null; walkers: Walker[]; paidBy: PaidBy; dropOut: boolean }
  /**
   * Staff void a ticket; its holder turns up at `door` `delay` ms after the void. With
   * `duringOutage`, at the offline door before it is back on the LAN (it cannot know).
   */
  | { at: number; type: 'void'; holder: Holder; door: number; delay: number; duringOutage: boolean }
  /** The holder transfers; the friend comes later; sometimes the original holder tries the old code. */
  | {
      at: number;
      type: 'transfer';
      holder: Holder;
      friend: string;
      friendModel: HolderModel;
      friendDoor: number;
      friendDelay: number;
      oldCode: { door: number; delay: number; duringOutage: boolean } | null;
    }
  | { at: number; type: 'door_cut' | 'door_restore' | 'webhook_down' | 'webhook_up' };

export interface Timing {
  /** Wall ms of the doors window. */
  window: number;
  /** Wall ms per virtual minute. */
  minute: number;
  doorCut: number;
  doorRestore: number;
  webhookDown: number;
  webhookUp: number;
}

export function timingOf(config: VenueDayConfig): Timing {
  const window = config.doorsWallSeconds * 1000;
  return {
    window,
    minute: window / config.eveningMinutes,
    doorCut: config.doorOutage[0] * window,
    doorRestore: config.doorOutage[1] * window,
    webhookDown: config.webhookOutage[0] * window,
    webhookUp: config.webhookOutage[1] * window,
  };
}

/** Orders of 1–4 tickets (mostly pairs) until `attendees` tickets; about one in seven is VIP. */
export interface AdvanceOrder {
  tier: 'ga' | 'vip';
  quantity: number;
  buyer: string;
}

export function advanceOrders(config: VenueDayConfig, rng: Random): AdvanceOrder[] {
  const orders: AdvanceOrder[] = [];
  let left = config.attendees;
  for (let i = 0; left > 0; i++) {
    const quantity = Math.min(left, [1, 2, 3, 4][rng.weighted([35, 40, 12, 13])]!);
    orders.push({ tier: rng.chance(0.15) ? 'vip' : 'ga', quantity, buyer: `Guest ${i + 1}` });
    left -= quantity;
  }
  return orders;
}

/** Tickets staff act on: from distinct orders, so no refund ever empties an order (docs/api.md "Void"). */
export interface StaffPicks {
  voidsBefore: Holder[];
  transfersBefore: Holder[];
  voidsDuring: Holder[];
  transfersDuring: Holder[];
  /** Everyone else: they come (or not) with the ticket they bought. */
  regular: Holder[];
}

export function pickStaffActions(
  config: VenueDayConfig,
  rng: Random,
  holders: readonly Holder[],
): StaffPicks {
  const byOrder = new Map<string, Holder[]>();
  for (const h of holders) byOrder.set(h.orderId, [...(byOrder.get(h.orderId) ?? []), h]);
  const orders = rng.shuffle([...byOrder.keys()]);
  const take = (n: number): Holder[] => orders.splice(0, n).map((id) => rng.pick(byOrder.get(id)!));
  const picks = {
    voidsBefore: take(config.voidsBefore),
    transfersBefore: take(config.transfersBefore),
    voidsDuring: take(config.voidsDuring),
    transfersDuring: take(config.transfersDuring),
  };
  const acted = new Set(Object.values(picks).flatMap((list) => list.map((h) => h.ticketId)));
  return { ...picks, regular: holders.filter((h) => !acted.has(h.ticketId)) };
}

/** Who of the regular holders comes, and whose pass is photocopied for a second person. */
export interface Attendance {
  coming: Holder[];
  photocopied: Set<string>;
}

/** Drawn before the afternoon: photocopies need a pass, so their holders are given paper. */
export function chooseAttendance(config: VenueDayConfig, rng: Random, picks: StaffPicks): Attendance {
  const coming = picks.regular.filter(() => !rng.chance(config.noShowShare));
  const photocopied = new Set(
    rng
      .shuffle([...coming])
      .slice(0, config.pairs)
      .map((h) => h.ticketId),
  );
  return { coming, photocopied };
}

export interface PlanInput {
  config: VenueDayConfig;
  rng: Random;
  timing: Timing;
  picks: StaffPicks;
  attendance: Attendance;
  /** How each holder carries the ticket (carry.ts), by ticket id. */
  models: ReadonlyMap<string, HolderModel>;
  /** Tickets voided before doors (their holders come anyway). */
  voidedBefore: Holder[];
  /** Transfers made before doors: the original and the friend's new ticket. */
  transferredBefore: { original: Holder; friend: Holder }[];
  /** Tickets for another event (the matinee), shown at the wrong door. */
  otherEvent: Holder[];
  /** Codes that are not tickets of ours at all. */
  junk: { token: string; kind: 'malformed' | 'forged' }[];
}

export function buildPlan(input: PlanInput): PlanItem[] {
  const { config, rng, timing } = input;
  const { window, minute } = timing;
  const doors = config.doors;
  const items: PlanItem[] = [];
  // The main entrance (doors 1–2) takes more people than the side doors.
  const doorWeights = Array.from({ length: doors }, (_, i) => (i < 2 ? 3 : 2));
  const someDoor = (): number => rng.weighted(doorWeights);
  const arrival = (): number => rng.skewedBell(2.5, 2) * window * 0.98;
  const inDoorOutage = (at: number): boolean => at >= timing.doorCut && at < timing.doorRestore;
  const present = (at: number, p: Omit<PlannedPresentation, 'at'>): void => {
    items.push({ at, type: 'present', presentation: { ...p, at } });
  };

  items.push(
    { at: timing.doorCut, type: 'door_cut' },
    { at: timing.doorRestore, type: 'door_restore' },
    { at: timing.webhookDown, type: 'webhook_down' },
    { at: timing.webhookUp, type: 'webhook_up' },
  );

  // Regular ticket holders; a few photocopied their pass, and two people come at two doors at once.
  const { coming, photocopied } = input.attendance;
  let pairId = 0;
  const entries: { holder: Holder; at: number }[] = [];
  for (const holder of coming) {
    if (photocopied.has(holder.ticketId)) {
      // Spread evenly so some land while door 3 is offline: then both doors admit, and only
      // the sync can tell.
      const at = ((pairId + 0.5) / config.pairs) * window * 0.95;
      const first = inDoorOutage(at) ? config.offlineDoor : someDoor();
      let second = someDoor();
      while (second === first) second = rng.int(0, doors);
      for (const door of [first, second]) {
        present(at, { kind: 'photocopy', door, ticketId: holder.ticketId, pairId });
      }
      pairId++;
      continue;
    }
    const at = arrival();
    entries.push({ holder, at });
    // A stale screenshot first (refused `expired`; the holder then shows the real thing). A
    // live phone took it during the evening if it could, else it is the purchase's code.
    const stale = input.models.get(holder.ticketId)?.staleMinutes ?? null;
    const carry = input.models.get(holder.ticketId)?.carry;
    if (stale !== null && carry === 'phone_live' && at - stale * minute >= 0)
      items.push({ at: at - stale * minute, type: 'screenshot', ticketId: holder.ticketId });
    present(at, { kind: stale === null ? 'entry' : 'stale', door: someDoor(), ticketId: holder.ticketId });
  }

  // Copies: what an admitted holder showed (a screenshot sent round, a photocopied pass),
  // shown again later by someone else, at any door.
  for (const { holder, at } of rng
    .shuffle(entries)
    .slice(0, Math.round(entries.length * config.replayShare))) {
    const later = Math.min(window * 0.99, at + rng.between(2, 20) * minute);
    present(later, { kind: 'replay', door: someDoor(), ticketId: holder.ticketId });
  }

  for (const holder of input.voidedBefore) {
    present(arrival(), { kind: 'voided', door: someDoor(), ticketId: holder.ticketId });
  }
  for (const { original, friend } of input.transferredBefore) {
    present(arrival(), { kind: 'transfer_new', door: someDoor(), ticketId: friend.ticketId });
    if (rng.chance(0.5)) {
      present(arrival(), { kind: 'transferred_old', door: someDoor(), ticketId: original.ticketId });
    }
  }
  for (const holder of input.otherEvent) {
    present(arrival(), { kind: 'wrong_event', door: someDoor(), ticketId: holder.ticketId });
  }
  for (const code of input.junk) {
    present(rng.between(0.05, 0.95) * window, {
      kind: code.kind,
      door: someDoor(),
      ticketId: null,
      token: code.token,
    });
  }

  // Staff actions during doors. A third of them fall while door 3 is offline, with the holder
  // sent to door 3 before it is back: it cannot know, and must own up at sync.
  const outageLength = timing.doorRestore - timing.doorCut;
  const duringOutage = (i: number, n: number): number =>
    timing.doorCut + ((i + 0.5) / n) * outageLength * 0.6;
  const staffTime = (i: number, n: number): { at: number; offline: boolean } => {
    const offline = i % 3 === 0;
    return offline
      ? { at: duringOutage(i / 3, Math.ceil(n / 3)), offline }
      : { at: rng.between(0.08, 0.88) * window, offline };
  };
  const delayBefore = (at: number): number =>
    Math.min(rng.between(1, 3) * minute, Math.max(0, timing.doorRestore - at - 0.5 * minute));
  input.picks.voidsDuring.forEach((holder, i, all) => {
    const { at, offline } = staffTime(i, all.length);
    items.push({
      at,
      type: 'void',
      holder,
      door: offline ? config.offlineDoor : someDoor(),
      delay: offline ? delayBefore(at) : rng.between(1, 10) * minute,
      duringOutage: offline,
    });
  });
  input.picks.transfersDuring.forEach((holder, i, all) => {
    const { at, offline } = staffTime(i, all.length);
    items.push({
      at,
      type: 'transfer',
      holder,
      friend: `Friend of ticket ${holder.ticketId.slice(-6)}`,
      friendModel: drawRecipient(config, rng),
      friendDoor: someDoor(),
      friendDelay: rng.between(2, 15) * minute,
      oldCode:
        offline || rng.chance(0.5)
          ? {
              door: offline ? config.offlineDoor : someDoor(),
              delay: offline ? delayBefore(at) : rng.between(1, 10) * minute,
              duringOutage: offline,
            }
          : null,
    });
  });

  // Walk-ins buy at the window through the evening, a little earlier than the crowd. How they
  // pay is drawn from a stream of its own, so the rest of the evening stays as it was per seed.
  const tillRng = new Random(config.seed ^ 0x7111);
  const { cash, card, comp } = config.walkInPayments;
  const methods: PaidBy[] = ['cash', 'card', 'comp'];
  let dropOuts = 0;
  for (let i = 0; i < config.walkInParties; i++) {
    const quantity = rng.chance(0.4) ? 2 : 1;
    const paidBy = methods[tillRng.weighted([cash, card, comp])]!;
    const dropOut = paidBy === 'cash' && quantity === 2 && dropOuts < config.walkInDropOuts;
    if (dropOut) dropOuts++;
    items.push({
      at: rng.skewedBell(2, 2.5) * window * 0.92,
      type: 'walk_in',
      paidBy,
      dropOut,
      name: rng.chance(0.5) ? `Walk-in ${i + 1}` : null,
      walkers: Array.from({ length: quantity }, () => ({
        door: someDoor(),
        delay: rng.between(1, 4) * minute,
        print: rng.chance(config.walkInPrintShare),
      })),
    });
  }

  return items.sort((a, b) => a.at - b.at);
}
