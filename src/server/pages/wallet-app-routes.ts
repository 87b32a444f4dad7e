import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors.js';
import type { WalletRow } from '../store/wallet-repo.js';
import { walletIconSizes, type WalletAssets } from './wallet-assets.js';
import { walletCsp, walletShellHtml } from './wallet-view.js';

/**
 * The files of the wallet web app, the same for every ticket, all under /w/ (the public listener
 * serves nothing else): the page script, the service worker (its scope is /w/, where it lives),
 * the offline shell it keeps, and the icons. None names a ticket, so they may be cached.
 *
 * Not counted by the per-address rate limit (http/rate-limit.ts): one wallet opened fetched four
 * or five of these besides its page, so the phones of a crowd behind one venue NAT used up the
 * address's allowance on files that carry no secret and no data, and the next guest's page was
 * 429. They are the same bytes for everyone, held in memory; the page, its code image, manifest,
 * token and strip (which name a ticket) still count.
 */
export async function walletAppRoutes(
  app: FastifyInstance,
  options: { assets: () => Promise<WalletAssets | null> },
): Promise<void> {
  const config = { access: 'public' as const, free: true, rateLimit: false as const };
  const schema = {
    hide: true,
    querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }),
  };

  const required = async (): Promise<WalletAssets> => {
    const assets = await options.assets();
    if (!assets) throw new ApiError(404, 'resource_missing', 'The wallet app is not part of this build.');
    return assets;
  };
  /** A URL naming this build's version never changes; any other is checked every time. */
  const cacheFor = (reply: FastifyReply, assets: WalletAssets, version: string | undefined): FastifyReply =>
    reply
      .header(
        'cache-control',
        version === assets.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .header('x-content-type-options', 'nosniff');

  app.get('/w/app.js', { config, schema }, async (request, reply) => {
    const assets = await required();
    const { v } = request.query as { v?: string };
    return cacheFor(reply, assets, v).type('text/javascript; charset=utf-8').send(assets.appJs);
  });

  // Always revalidated: browsers look for a new service worker by fetching its script again.
  app.get('/w/sw.js', { config, schema }, async (_request, reply) => {
    const assets = await required();
    return reply
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(assets.swJs);
  });

  app.get('/w/offline', { config, schema: { hide: true } }, async (_request, reply) => {
    const assets = await required();
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', walletCsp)
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(walletShellHtml(assets.version));
  });

  for (const size of walletIconSizes) {
    app.get(`/w/icon-${size}.png`, { config, schema: { hide: true } }, async (_request, reply) => {
      const icon = (await required()).icons.get(size);
      if (!icon) throw new ApiError(404, 'resource_missing', 'This build has no icon of that size.');
      return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(icon);
    });
  }
}

/** The web app manifest of one ticket's page: installed, the app opens on that ticket. */
export function walletManifest(row: WalletRow, secretPath: string, assets: WalletAssets | null) {
  return {
    id: secretPath,
    name: `Ticket · ${row.event_title}`,
    short_name: row.event_title.length <= 12 ? row.event_title : 'Ticket',
    start_url: secretPath,
    scope: '/w/',
    display: 'standalone',
    background_color: '#f5f3ef',
    theme_color: '#1d1b18',
    icons: [...(assets?.icons.keys() ?? [])].map((size) => ({
      src: `/w/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
    })),
  };
}
