/**
 * The shape of one simulated evening. `fullDay` is what `npm run simulate` plays; `ciDay` is the
 * same evening scaled down for `npm test` (test/sim/venue-day.test.ts).
 */
export interface VenueDayConfig {
  /** Same seed, same evening (arrival times, doors, which tickets are voided…). */
  seed: number;
  /** Tickets bought ahead, one attendee each. */
  attendees: number;
  /** Door devices; each is a scanner-SDK DoorDevice with its own state file. */
  doors: number;
  /** Index of the door that loses the LAN (2 = "Door 3"). */
  offlineDoor: number;
  /** Wall-clock length of the doors window; the virtual evening is compressed into it. */
  doorsWallSeconds: number;
  /** Virtual length of the doors window, in minutes (doors 19:00 → last arrivals). */
  eveningMinutes: number;
  /** Virtual minute the headline act starts; the arrival curve peaks before it. */
  headlineMinute: number;
  /** Fractions of the doors window during which the offline door's LAN is cut. */
  doorOutage: readonly [number, number];
  /** Fractions of the doors window during which the webhook receiver is down. */
  webhookOutage: readonly [number, number];
  /** Walk-in parties who try to buy at the box office during doors (1–2 tickets each). */
  walkInParties: number;
  /** Stock of the door-sales tier: fewer than the parties want, so it sells out. */
  walkInStock: number;
  /** Box-office windows selling at once: each a paired till with its seller and shift. */
  tills: number;
  /** Cash each till's drawer opens its shift with. */
  openingFloatCents: number;
  /** How the walk-in parties pay (weights): cash, card, or a comp (a guest of the band). */
  walkInPayments: { cash: number; card: number; comp: number };
  /** Parties of two paying cash where one leaves before going in: the manager refunds that ticket in cash. */
  walkInDropOuts: number;
  /** The last till's count comes up this much short (change given from the wrong note). */
  drawerShortCents: number;
  voidsBefore: number;
  voidsDuring: number;
  transfersBefore: number;
  transfersDuring: number;
  /** Share of admitted attendees whose code or pass is shown again later by someone else. */
  replayShare: number;
  /** Paper passes photocopied and shown at two doors at the same moment. */
  pairs: number;
  /** Share of phone holders whose phone has no data at the doors: they show the strip fetched earlier. */
  stripShare: number;
  /** Share of holders who bring paper. */
  paperShare: number;
  /** Of those: printed at the box office in the afternoon (the rest print the mailed PDF). */
  paperPrintShare: number;
  /** Of the strip phones: fetched with the purchase (the rest during the afternoon). */
  stripAtPurchaseShare: number;
  /** Share of phone holders who first show a stale screenshot (a code at least 8 minutes old). */
  staleShare: number;
  /** Share of walk-ins who take a printed pass from the window (the rest show the wallet's live code). */
  walkInPrintShare: number;
  /** Hours before doors when the tickets are sold ahead. */
  salesLeadHours: number;
  /** Hours before doors (from, to) when strips are fetched and passes printed in the afternoon. */
  afternoonHours: readonly [number, number];
  /** Guests showing a ticket for another event (the matinee). */
  wrongEvent: number;
  /** Junk codes shown at the door: half unreadable, half forged signatures. */
  junk: number;
  /** Share of ticket holders who never come. */
  noShowShare: number;
  /** Concurrent checkouts while selling ahead. */
  salesConcurrency: number;
  /** MARQUEE_WEBHOOK_PROBE_MS for the server: how soon the dispatcher notices the receiver is back. */
  webhookProbeMs: number;
  /** Upper bound for the catch-up (door sync, webhook drain) after doors close. */
  catchUpSeconds: number;
  /** The whole run (server start to report) must fit in this; it is aborted past it. */
  wallLimitSeconds: number;
}

export const fullDay: VenueDayConfig = {
  seed: 20261224,
  attendees: 2000,
  doors: 4,
  offlineDoor: 2,
  doorsWallSeconds: 75,
  eveningMinutes: 150,
  headlineMinute: 120,
  doorOutage: [0.28, 0.5],
  webhookOutage: [0.58, 0.82],
  walkInParties: 150,
  walkInStock: 160,
  tills: 2,
  openingFloatCents: 20_000,
  walkInPayments: { cash: 5, card: 4, comp: 1 },
  walkInDropOuts: 4,
  drawerShortCents: 500,
  voidsBefore: 25,
  voidsDuring: 12,
  transfersBefore: 30,
  transfersDuring: 12,
  replayShare: 0.03,
  pairs: 24,
  stripShare: 1 / 3,
  paperShare: 1 / 6,
  paperPrintShare: 0.5,
  stripAtPurchaseShare: 0.4,
  staleShare: 0.05,
  walkInPrintShare: 1 / 6,
  salesLeadHours: 9,
  afternoonHours: [4, 1],
  wrongEvent: 10,
  junk: 10,
  noShowShare: 0.03,
  salesConcurrency: 8,
  webhookProbeMs: 500,
  catchUpSeconds: 40,
  wallLimitSeconds: 180,
};

export const ciDay: VenueDayConfig = {
  ...fullDay,
  seed: 7,
  attendees: 200,
  doors: 2,
  offlineDoor: 1,
  doorsWallSeconds: 10,
  doorOutage: [0.3, 0.5],
  webhookOutage: [0.55, 0.75],
  walkInParties: 20,
  walkInStock: 24,
  walkInDropOuts: 2,
  voidsBefore: 4,
  voidsDuring: 3,
  transfersBefore: 4,
  transfersDuring: 3,
  replayShare: 0.05,
  pairs: 6,
  wrongEvent: 3,
  junk: 4,
  webhookProbeMs: 250,
  catchUpSeconds: 12,
  // A backstop against a hung run, not a speed test: a loaded 2-core machine takes ~35 s.
  wallLimitSeconds: 90,
};
