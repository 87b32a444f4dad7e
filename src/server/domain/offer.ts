import { eventSaleState, remaining, tierSaleState } from '../../shared/sale-state.js';
import { ApiError, notFound } from '../errors.js';
import type { OfferTierView, OfferView } from '../schemas/offer.js';
import type { EventRow, EventsRepo } from '../store/events-repo.js';
import type { TierRow, TiersRepo } from '../store/tiers-repo.js';
import type { Caller } from './api-keys.js';
import { sameCode } from './checkout-rules.js';
import type { GuessLimiter } from './guess-limiter.js';
import type { PublicUrls } from './public-urls.js';
import { viewEvent, viewTier } from './views.js';

export interface OfferDeps {
  events: EventsRepo;
  tiers: TiersRepo;
  urls: PublicUrls;
  codeGuesses: GuessLimiter;
  /** Whether a kiosk attendant PIN is set, for a kiosk whose key cannot read settings. */
  attendantPinSet: () => boolean;
  now: () => number;
}

function offerTier(tier: TierRow, event: EventRow, unlocked: boolean, now: number): OfferTierView {
  return {
    ...viewTier(tier),
    access_code: null,
    unlocked,
    sale_state: eventSaleState(event, now) === 'on_sale' ? tierSaleState(tier, now) : 'event_not_on_sale',
    available: remaining(tier),
  };
}

/**
 * `GET /v2/events/{id}/offer`: what a customer may buy, with access codes compared here so no
 * client ever holds one (CONTRACT.md "Scopes (amended)"). A code that opens nothing is 400
 * `invalid_access_code` and counts as a wrong guess for the caller's key (guess-limiter.ts).
 */
export class OfferService {
  constructor(private readonly deps: OfferDeps) {}

  offer(eventId: string, code: string | undefined, caller: NonNullable<Caller>): OfferView {
    const { events, tiers, codeGuesses, urls, attendantPinSet, now } = this.deps;
    const event = events.find(eventId);
    // A kiosk lists published events only; any other is unknown to it.
    if (!event || (caller.scope === 'kiosk' && event.status !== 'published'))
      throw notFound('event', eventId);
    const all = tiers.forEvent(eventId);
    const codeTiers = all.filter((tier) => tier.visibility === 'access_code');
    let opened = new Set<string>();
    if (code !== undefined) {
      codeGuesses.check(caller.id);
      opened = new Set(codeTiers.filter((tier) => sameCode(code, tier.access_code ?? '')).map((t) => t.id));
      if (opened.size === 0) {
        codeGuesses.wrong(caller.id);
        throw new ApiError(
          400,
          'invalid_access_code',
          'That access code does not unlock any tickets for this event.',
          'access_code',
        );
      }
    }
    const at = now();
    return {
      object: 'offer',
      event: viewEvent(event, urls),
      tiers: all
        .filter((tier) => tier.visibility === 'public' || opened.has(tier.id))
        .map((tier) => offerTier(tier, event, opened.has(tier.id), at)),
      has_access_code_tiers: codeTiers.length > 0,
      // Said here, not in settings a kiosk key cannot read: without a PIN no card approval can
      // succeed, so the kiosk offers no card payment rather than have the attendant refund one.
      kiosk_attendant_pin_set: attendantPinSet(),
    };
  }
}
