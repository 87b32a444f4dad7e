import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { parseTicketToken } from '../../shared/ticket-token.js';
import type { StripToken } from '../../shared/wallet-strip.js';
import { ApiError } from '../errors.js';
import { WalletRepo, type WalletRow } from '../store/wallet-repo.js';
import { toIso } from '../time.js';
import {
  cutShortLinkRoute,
  linkMeant,
  pageErrorHandler,
  privateHeaders,
  sendNotFound,
  ticketNotFoundPage,
} from './not-found.js';
import { qrPng } from './qr-png.js';
import { walletAppRoutes, walletManifest } from './wallet-app-routes.js';
import { walletAssets } from './wallet-assets.js';
import { walletCsp, walletHtml, walletInfo, walletState } from './wallet-view.js';

const SecretParams = Type.Object({ secret: Type.String({ minLength: 1, maxLength: 200 }) });

const StripToken = Type.Object({
  token: Type.String({ description: 'A rotating code (JWS, typ ticket+jwt) for this window' }),
  not_before: Type.String({ description: "The code's iat, ISO UTC" }),
  not_after: Type.String({ description: "The code's exp, ISO UTC" }),
});

const WalletStripAnswer = Type.Object({
  ticket_id: Type.String(),
  event_id: Type.String(),
  status: Type.Enum(['active', 'transferred', 'voided']),
  generated_at: Type.String(),
  tokens: Type.Array(StripToken, {
    description:
      'The 5-minute windows from now on, one after another without a gap, until doors_at + 12 h, at most 432 (36 h); empty unless the ticket is active and its event not cancelled',
  }),
});

/** What the wallet page shows besides the code (WalletTicketInfo), as it is now. */
const WalletDetails = Type.Object(
  {
    ticket_id: Type.String(),
    event_title: Type.String(),
    venue: Type.String(),
    doors_at: Type.String({ description: 'ISO UTC' }),
    time_zone: Type.String(),
    tier_name: Type.String(),
    attendee_name: Type.Union([Type.String(), Type.Null()]),
    state: Type.Enum(['valid', 'transferred', 'voided', 'cancelled']),
  },
  {
    description:
      "The page's details as they are now: an open page (or its copy kept for offline) shows doors moved since it was drawn",
  },
);

/**
 * The ticket holder's wallet at `wallet_url` (`/w/<secret>`), no key needed: the page (an
 * installable web app that keeps working offline: wallet-app-routes.ts), its QR as a PNG, the
 * current token as JSON for apps, the offline strip of the codes ahead, and the app's manifest.
 * The page's script draws the code of the current 5-minute window from the strip it keeps on the
 * phone; without scripts, the page shows the server's PNG of the current token
 * (TicketIssuer.rotating re-mints it with under 4 minutes left) and reloads every 60 s.
 */
export async function walletPage(app: FastifyInstance): Promise<void> {
  const { issuer } = app.ctx;
  const wallets = new WalletRepo(app.ctx.db);
  const config = { access: 'public' as const, free: true };
  const refOf = (row: WalletRow) => ({ id: row.ticket_id, event_id: row.event_id, tier_id: row.tier_id });
  const assets = () => walletAssets((err) => app.log.warn({ err }, 'wallet app unavailable'));

  const tokenFor = (row: WalletRow): { token: string; expiresAt: string } => {
    const token = issuer.rotating(refOf(row));
    const exp = parseTicketToken(token)?.claims.exp ?? 0;
    return { token, expiresAt: toIso(exp * 1000) };
  };

  const liveCode = (row: WalletRow): StripToken | null => {
    if (walletState(row) !== 'valid') return null;
    const { token, expiresAt } = tokenFor(row);
    const iat = parseTicketToken(token)?.claims.iat ?? 0;
    return { token, not_before: toIso(iat * 1000), not_after: expiresAt };
  };

  /** The wallet a `/w/:secret…` request names (or none), with the headers every answer carries. */
  const walletOf = (request: FastifyRequest, reply: FastifyReply) => {
    const { secret } = request.params as { secret: string };
    privateHeaders(reply);
    return { secret, row: wallets.find(secret) };
  };
  const noWallet = () => new ApiError(404, 'resource_missing', 'No ticket has this wallet link.');

  await app.register(walletAppRoutes, { assets });
  cutShortLinkRoute(app, '/w', ticketNotFoundPage);

  app.get(
    '/w/:secret',
    {
      config,
      schema: { hide: true, params: SecretParams },
      errorHandler: pageErrorHandler(ticketNotFoundPage),
    },
    async (request, reply) => {
      const { secret, row } = walletOf(request, reply);
      if (!row) {
        const meant = linkMeant(secret, (candidate) => wallets.find(candidate));
        if (meant !== undefined) return reply.redirect(`/w/${meant}`, 302);
        return sendNotFound(reply, ticketNotFoundPage);
      }
      reply.type('text/html; charset=utf-8');
      reply.header('content-security-policy', walletCsp);
      const appVersion = (await assets())?.version ?? null;
      return walletHtml({
        row,
        secretPath: `/w/${encodeURIComponent(secret)}`,
        live: liveCode(row),
        appVersion,
      });
    },
  );

  // The web app manifest names the ticket's own page as the app's start, so an installed ticket
  // opens on itself; it carries the secret, so it is as private as the page.
  app.get(
    '/w/:secret/manifest.webmanifest',
    { config, schema: { hide: true, params: SecretParams } },
    async (request, reply) => {
      const { secret, row } = walletOf(request, reply);
      if (!row) throw noWallet();
      reply.type('application/manifest+json; charset=utf-8');
      return JSON.stringify(walletManifest(row, `/w/${encodeURIComponent(secret)}`, await assets()));
    },
  );

  app.get(
    '/w/:secret/qr.png',
    { config, schema: { hide: true, params: SecretParams } },
    async (request, reply) => {
      const { row } = walletOf(request, reply);
      if (!row) return reply.code(404).type('text/plain; charset=utf-8').send('No ticket at this link.');
      if (walletState(row) !== 'valid') {
        // 410: the ticket exists but will never have a code again (transferred, voided, cancelled).
        return reply.code(410).type('text/plain; charset=utf-8').send('This ticket has no valid code.');
      }
      return reply.type('image/png').send(await qrPng(tokenFor(row).token));
    },
  );

  app.get(
    '/w/:secret/token',
    {
      config,
      schema: {
        hide: true,
        params: SecretParams,
        response: {
          200: Type.Object({
            qr_token: Type.Union([Type.String(), Type.Null()]),
            expires_at: Type.Union([Type.String(), Type.Null()]),
            status: Type.String(),
            event_status: Type.String(),
            details: WalletDetails,
          }),
        },
      },
    },
    async (request, reply) => {
      const { row } = walletOf(request, reply);
      if (!row) throw noWallet();
      const current = walletState(row) === 'valid' ? tokenFor(row) : null;
      return {
        qr_token: current?.token ?? null,
        expires_at: current?.expiresAt ?? null,
        status: row.status,
        event_status: row.event_status,
        details: walletInfo(row),
      };
    },
  );

  // CONTRACT.md "Ticket credentials": the codes a phone shows while it has no signal. The secret
  // is the credential, as for the page; a strip of a dead ticket is empty and says why (status).
  app.get(
    '/w/:secret/strip',
    {
      config,
      schema: { hide: true, params: SecretParams, response: { 200: WalletStripAnswer } },
    },
    async (request, reply) => {
      const { row } = walletOf(request, reply);
      if (!row) throw noWallet();
      return issuer.strip(
        { ...refOf(row), status: row.status },
        { doors_at: row.doors_at, status: row.event_status },
      );
    },
  );
}
