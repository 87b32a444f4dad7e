import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { frameworkErrors } from '../http/error-handler.js';
import { withoutTrailingPunctuation } from '../../shared/link-tail.js';
import { pageShell } from './html.js';

/**
 * What an attendee sees when a link leads nowhere. People open these pages from mail, chat and
 * paper, and a link can arrive cut short, re-encoded by a mail client or with a stray character;
 * whatever is wrong with it, the answer is the page's own words in HTML, never the API's JSON.
 */
export const eventNotFoundPage = pageShell(
  'Event not found',
  '<h1>Event not found</h1><p>This link does not lead to an event.</p>',
);

export const ticketNotFoundPage = pageShell(
  'Ticket not found',
  '<h1>Ticket not found</h1><p>This link does not lead to a ticket. Check that it was copied in full: the whole link is in the mail that came with your ticket.</p>' +
    '<p>No mail, or a link that still does not work? At the venue, the box office can find your order by your name or email and send it again.</p>',
);

/** The attendee page a URL asks for (the page itself, not the wallet app's JSON beneath it). */
function pageAskedFor(url: string): string | undefined {
  const path = url.split('?')[0]!;
  if (/^\/e\/[^/]+\/?$/.test(path)) return eventNotFoundPage;
  if (/^\/w\/[^/]+\/?$/.test(path)) return ticketNotFoundPage;
  return undefined;
}

/**
 * An unknown path under an attendee page (`/e/<id>/tickets`, `/w/<secret>/x`), opened in a
 * browser: the page's not-found words, not the API's "No route … See /v2/openapi.json". The
 * wallet app's own requests beneath `/w/` (fetch, Accept without text/html) keep the JSON 404.
 */
export function attendeeLinkNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const page = attendeePageOpened(request);
  if (page === 'event') return sendNotFound(reply, eventNotFoundPage);
  if (page === 'ticket') return sendNotFound(reply, ticketNotFoundPage);
  return undefined;
}

/**
 * An attendee page refused by the rate limit (phones behind one venue NAT share an address),
 * opened in a browser: what happened and when to try again, with the limiter's Retry-After kept,
 * instead of the API's JSON on a phone screen.
 */
export function attendeePageTooBusy(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const opened = attendeePageOpened(request);
  if (opened === undefined) return undefined;
  const seconds = Number(reply.getHeader('retry-after'));
  const when = Number.isFinite(seconds) && seconds > 0 ? `in ${Math.ceil(seconds)} seconds` : 'in a minute';
  const page = pageShell(
    'Busy, try again shortly',
    `<h1>Busy, try again shortly</h1><p>This page was opened very many times from your network in the last minute. Reload it ${when}.</p>` +
      // Someone on an event's page may have no ticket yet; the wallet's holder has one.
      (opened === 'ticket'
        ? '<p>Your ticket is not affected: it stays valid, and the door can find it by your name too.</p>'
        : '<p>Tickets already bought are not affected: they stay valid.</p>'),
  );
  return privateHeaders(reply).code(429).type('text/html; charset=utf-8').send(page);
}

/** Which attendee page a browser (not the wallet app's own fetches) asked for, if any. */
function attendeePageOpened(request: FastifyRequest): 'event' | 'ticket' | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (!(request.headers.accept ?? '').includes('text/html')) return undefined;
  const path = request.url.split('?')[0]!;
  if (path.startsWith('/e/')) return 'event';
  if (path.startsWith('/w/')) return 'ticket';
  return undefined;
}

/**
 * A wallet URL is itself the credential, so nothing may keep or leak it: no caching anywhere, no
 * Referer to other sites, no indexing. A mangled link may still carry most of a secret.
 */
export function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .header('x-content-type-options', 'nosniff');
}

export function sendNotFound(reply: FastifyReply, page: string): FastifyReply {
  return privateHeaders(reply).code(404).type('text/html; charset=utf-8').send(page);
}

/**
 * A link cut off right after `/e/` or `/w/` (a line break in a mail, a paper slip copied by hand)
 * names no event or ticket: it answers the page's not-found words, not the API's "no route".
 * With the router's `ignoreTrailingSlash`, `path` covers the form with and without the slash.
 */
export function cutShortLinkRoute(app: FastifyInstance, path: '/e' | '/w', page: string): void {
  app.get(
    path,
    { config: { access: 'public', free: true }, schema: { hide: true } },
    async (_request, reply) => sendNotFound(reply, page),
  );
}

/** The id a link that names nothing as given meant, when only stuck-on punctuation was wrong. */
export function linkMeant(asGiven: string, names: (id: string) => unknown): string | undefined {
  const trimmed = withoutTrailingPunctuation(asGiven);
  return trimmed !== asGiven && trimmed !== '' && names(trimmed) ? trimmed : undefined;
}

/**
 * A page route's error handler: a link the route's schema refuses (an id too long, a stray
 * parameter) is a link that leads nowhere. Anything else goes on to the app's error handler.
 */
export const pageErrorHandler =
  (page: string) =>
  (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (error.validation) return sendNotFound(reply, page);
    throw error;
  };

/**
 * The router's refusals (a malformed percent-encoding such as a Latin-1 "%E9", an over-long
 * path) come before any route: for an attendee page they answer its not-found page too.
 */
export function pageAwareFrameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const page = pageAskedFor(request.url);
  if (page !== undefined) void sendNotFound(reply, page);
  else frameworkErrors(err, request, reply);
}
