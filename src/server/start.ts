import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { listeningUrl, type ServerOptions } from './config.js';
import { desktopFacade, type DesktopFacade } from './desktop-facade.js';
import { listenLoopback } from './extra-listener.js';
import { advertise, shouldAdvertise, storeMark } from './mdns.js';
import { defaultTwinCheckMs, lookForTwin } from './twin-check.js';
import { heldMessage } from './outbound-sending.js';
import { listenPublic } from './public-listener.js';

/** The operator's line for a start that failed for a reason they must fix (the desktop shows it too). */
export { startRefusal } from './start-refusal.js';

export interface RunningServer {
  url: string;
  /** The second, plain-HTTP listener on 127.0.0.1 when `loopbackPort` was asked for. */
  loopbackUrl?: string;
  /** The public listener for attendee pages, when MARQUEE_PUBLIC_PORT is set. */
  publicUrl?: string;
  app: FastifyInstance;
  /** What the desktop shell may read and do in-process (src/main uses only this). */
  desktop: DesktopFacade;
  /** Stops accepting, lets in-flight requests finish, stops workers, closes the store. */
  close(): Promise<void>;
}

/** The built renderer, wherever this module runs from: the source tree (tsx) or a bundle in out/. */
export function defaultRendererDir(): string | undefined {
  const candidates = ['../../out/renderer', '../renderer'].map((rel) =>
    fileURLToPath(new URL(rel, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(dir));
}

export interface ListenOptions {
  /** Also serve the app over plain HTTP on 127.0.0.1 (0: any free port), for the desktop's windows. */
  loopbackPort?: number;
}

/**
 * On a LAN bind: advertises this server, and looks for another one running this venue's data (a
 * spare started from a backup of this folder) before webhooks and mail go out: held for good when
 * one is found (it sent them already). The server answers requests and doors find it throughout.
 */
function advertiseAndGuard(app: FastifyInstance, options: ServerOptions, port: number): void {
  if (!shouldAdvertise(options)) return;
  const { ctx } = app;
  const store = storeMark(ctx.signingKeys.firstKid);
  const onError = (err: unknown): void => app.log.warn({ err }, 'mDNS advertisement failed');
  // Under the venue's name as Settings has it (a rename made in the box office outlives
  // restarts), and again under each new name; with the real port; withdrawn when the app stops.
  const advert = advertise(
    { ...options, venueName: ctx.settings.venueName() },
    port,
    ctx.scan.certFingerprint,
    store,
    onError,
  );
  if (advert) ctx.settings.onVenueRenamed((name) => advert.rename(name));
  const check = lookForTwin(
    { host: options.host, port, store },
    options.twinCheckMs ?? defaultTwinCheckMs,
    (err) => app.log.warn({ err }, 'mDNS look for another server with this data failed; sending as usual'),
  );
  ctx.lifecycle.onStop('mdns', async () => {
    check.cancel();
    await advert?.stop();
  });
  void check.result.then((twin) => {
    if (!twin) return ctx.outbound.allow();
    ctx.outbound.hold(twin);
    app.log.error(
      { otherServer: twin },
      `${heldMessage(twin)} Its queued webhooks and mail stay unsent; stop this one and use the other.`,
    );
  });
}

export async function startServer(
  options: ServerOptions,
  rendererDir = defaultRendererDir(),
  listen: ListenOptions = {},
): Promise<RunningServer> {
  const app = await buildApp(options, {
    provisionalBaseUrl: listeningUrl(options, options.port),
    rendererDir,
  });
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = listeningUrl(options, port);
  if (!options.baseUrl) app.ctx.urls.setBase(url);
  advertiseAndGuard(app, options, port);
  let loopbackUrl: string | undefined;
  let publicUrl: string | undefined;
  try {
    if (listen.loopbackPort !== undefined) {
      loopbackUrl = (await listenLoopback(app, { port: listen.loopbackPort })).url;
    }
    if (options.publicPort !== undefined) {
      const host = options.publicHost ?? '0.0.0.0';
      publicUrl = (await listenPublic(app, { ...options, host, port: options.publicPort })).url;
      if (!options.baseUrl) {
        app.log.warn(
          'MARQUEE_PUBLIC_PORT is set but MARQUEE_BASE_URL is not: wallet and event links point at the venue network, not at the published address (docs/publishing.md)',
        );
      }
    }
  } catch (err) {
    await app.close();
    throw err;
  }
  return { url, loopbackUrl, publicUrl, app, desktop: desktopFacade(app.ctx), close: () => app.close() };
}
