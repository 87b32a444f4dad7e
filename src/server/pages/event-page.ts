import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { formatAttendeeTime } from '../../shared/attendee-time.js';
import { eventSaleState, isShowOver, tierSaleState, type TierSaleState } from '../../shared/sale-state.js';
import { eventTimeZone } from '../domain/views.js';
import type { EventRow } from '../store/events-repo.js';
import type { TierRow } from '../store/tiers-repo.js';
import { formatMoney } from '../../shared/money.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { pageShell } from './html.js';
import { withoutTrailingPunctuation } from '../../shared/link-tail.js';
import { cutShortLinkRoute, eventNotFoundPage, linkMeant, pageErrorHandler } from './not-found.js';

type PageState = TierSaleState | 'cancelled' | 'over';

const stateText: Record<PageState, string> = {
  on_sale: 'On sale',
  not_yet: 'Not on sale yet',
  ended: 'Sales ended',
  sold_out: 'Sold out',
  cancelled: 'Not on sale',
  over: 'Show over',
};

/**
 * What a checkout of this tier would meet now, in the order checkout checks it
 * (checkout-rules.ts): the event first (cancelled; its own on-sale time), then the tier's window
 * and stock. The page must never say "On sale" where a checkout would be refused.
 */
function pageState(event: EventRow, tier: TierRow, now: number): { state: PageState; from: number | null } {
  // A draft lists no tiers, so only a cancelled or not-yet event stops the tier's own state here.
  const eventState = eventSaleState(event, now);
  if (eventState === 'cancelled') return { state: 'cancelled', from: null };
  if (eventState !== 'on_sale')
    return { state: 'not_yet', from: Math.max(event.on_sale_at, tier.sale_starts_at ?? 0) };
  const state = tierSaleState(tier, now);
  // A late sale at a till is still accepted, but to an attendee a show two days gone is not "On sale".
  if (state === 'on_sale' && isShowOver(event.doors_at, now)) return { state: 'over', from: null };
  return { state, from: state === 'not_yet' ? tier.sale_starts_at : null };
}

function tierItem(event: EventRow, tier: TierRow, now: number): string {
  const { state, from } = pageState(event, tier, now);
  const code =
    tier.visibility === 'access_code' ? '<div class="state">Access code required at checkout</div>' : '';
  const text =
    from === null
      ? stateText[state]
      : `${stateText[state]} (from ${formatAttendeeTime(from, eventTimeZone(event))})`;
  return `<li data-tier="${escapeHtml(tier.id)}"><div><strong>${escapeHtml(tier.name)}</strong>${code}
    <div class="state ${state}">${escapeHtml(text)}</div></div>
    <div class="price">${formatMoney(tier.price_cents, tier.currency)}</div></li>`;
}

/**
 * The event's public `url`. Lists public tiers; an unlisted or access-code tier appears only when
 * its direct link (`?tier=tkt_…`) names it. A draft's page resolves (ids are unguessable, and
 * organisers share the link before publishing) but lists no tickets until it is published.
 */
export async function eventPage(app: FastifyInstance): Promise<void> {
  const { repos, now } = app.ctx;
  cutShortLinkRoute(app, '/e', eventNotFoundPage);
  app.get(
    '/e/:id',
    {
      config: { access: 'public', free: true },
      errorHandler: pageErrorHandler(eventNotFoundPage),
      schema: {
        hide: true,
        params: Type.Object({ id: Type.String({ maxLength: 80 }) }),
        querystring: Type.Object({
          tier: Type.Optional(Type.String({ maxLength: 80 })),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { tier: tierAsLinked } = request.query as { tier?: string };
      // `?tier=` ends the link, so what chat stuck onto the link is stuck onto it.
      const linkedTier = tierAsLinked === undefined ? undefined : withoutTrailingPunctuation(tierAsLinked);
      const event = repos.events.find(id);
      reply.type('text/html; charset=utf-8');
      if (!event) {
        const meant = linkMeant(id, (candidate) => repos.events.find(candidate));
        if (meant !== undefined) {
          const query = linkedTier ? `?tier=${encodeURIComponent(linkedTier)}` : '';
          return reply.redirect(`/e/${meant}${query}`, 302);
        }
        return reply.code(404).send(eventNotFoundPage);
      }
      const shown =
        event.status === 'draft'
          ? []
          : repos.tiers.forEvent(id).filter((tier) => tier.visibility === 'public' || tier.id === linkedTier);
      const at = now();
      const when = formatAttendeeTime(event.doors_at, eventTimeZone(event));
      const notice = {
        draft: '<p class="notice">Tickets are not on sale yet.</p>',
        published: '',
        cancelled: '<p class="notice">This event has been cancelled.</p>',
      }[event.status];
      const list = shown.length
        ? `<ul class="tiers">${shown.map((tier) => tierItem(event, tier, at)).join('')}</ul>`
        : '<p>No tickets are listed for this event.</p>';
      return pageShell(
        event.title,
        `<h1>${escapeHtml(event.title)}</h1>
<p class="meta">${escapeHtml(event.venue)} · doors ${escapeHtml(when)}</p>${notice}${list}`,
      );
    },
  );
}
