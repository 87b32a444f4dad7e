/**
 * How ticket holders carry their tickets to the door (docs/venue-day/README.md "Attendees"),
 * drawn from the plan's seeded generator: a phone with data showing the wallet's live code, a
 * phone without data at the doors showing the wallet strip it fetched hours earlier, or paper —
 * a pass printed at the box office or from the mailed PDF. Some phone holders first show a stale
 * screenshot of a code.
 */
import type { VenueDayConfig } from './config.js';
import type { Random } from './random.js';

export type Carry = 'phone_live' | 'phone_strip' | 'paper_print' | 'paper_mail';

/** What was held up to the scanner: the holder's own credential, or a copy of one. */
export type ShownAs = Carry | 'screenshot' | 'photocopy' | 'junk';

export const carries: readonly Carry[] = ['phone_live', 'phone_strip', 'paper_print', 'paper_mail'];

export const carryLabels: Record<ShownAs, string> = {
  phone_live: 'phone, live code',
  phone_strip: 'phone offline, strip code',
  paper_print: 'paper, printed at the box office',
  paper_mail: 'paper, printed from the mailed PDF',
  screenshot: 'screenshot of a code',
  photocopy: 'photocopy of a pass',
  junk: 'not a ticket',
};

export const isPaper = (carry: Carry): boolean => carry === 'paper_print' || carry === 'paper_mail';

export interface HolderModel {
  carry: Carry;
  /**
   * phone_strip: when the strip was fetched, in hours before doors: with the purchase
   * (`config.salesLeadHours`) or one afternoon moment.
   */
  stripFetchedHoursBefore: number | null;
  /** A phone holder who first shows a screenshot taken this many minutes before (> 5.5). */
  staleMinutes: number | null;
}

/** Minutes a stale screenshot is old at least: past a code's 5 minutes and the 30 s of skew, with room. */
export const staleMinutesMin = 8;
const staleMinutesMax = 60;

/**
 * One holder's way of carrying the ticket. `paper` forces paper (a pass that will be
 * photocopied). Every tier of the evening has paper passes.
 */
export function drawHolder(
  config: VenueDayConfig,
  rng: Random,
  options: { paper?: boolean } = {},
): HolderModel {
  const roll = rng.next();
  let carry: Carry;
  if (options.paper || roll < config.paperShare)
    carry = rng.chance(config.paperPrintShare) ? 'paper_print' : 'paper_mail';
  else carry = rng.chance(config.stripShare) ? 'phone_strip' : 'phone_live';
  const [from, to] = config.afternoonHours;
  const stripFetchedHoursBefore =
    carry !== 'phone_strip'
      ? null
      : rng.chance(config.stripAtPurchaseShare)
        ? config.salesLeadHours
        : rng.between(to, from);
  const staleMinutes =
    !isPaper(carry) && rng.chance(config.staleShare) ? rng.between(staleMinutesMin, staleMinutesMax) : null;
  return { carry, stripFetchedHoursBefore, staleMinutes };
}

/** Someone handed a ticket by transfer: it came by mail (pass and wallet link), no screenshot games. */
export function drawRecipient(config: VenueDayConfig, rng: Random): HolderModel {
  const model = drawHolder(config, rng);
  return { ...model, carry: model.carry === 'paper_print' ? 'paper_mail' : model.carry, staleMinutes: null };
}
