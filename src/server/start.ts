import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { listeningUrl, type ServerOptions } from "./config.js";
import { advertise } from "./mdns.js";

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  /** Stops accepting, lets in-flight requests finish, stops workers, closes the store. */
  close(): Promise<void>;
}

/** The built renderer, wherever this module runs from: the source tree (tsx) or a bundle in out/. */
export function defaultRendererDir(): string | undefined {
  const candidates = ["../../out/renderer", "../renderer"].map((rel) =>
    fileURLToPath(new URL(rel, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(dir));
}

export async function startServer(
  options: ServerOptions,
  rendererDir = defaultRendererDir(),
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
  const port =
    typeof address === "object" && address ? address.port : options.port;
  const url = listeningUrl(options, port);
  if (!options.baseUrl) app.ctx.urls.setBase(url);
  // Advertised only once listening, with the real port; withdrawn when the app stops.
  const advert = advertise(
    options,
    port,
    app.ctx.scan.certFingerprint,
    (err) => app.log.warn({ err }, "mDNS advertisement failed"),
  );
  if (advert) app.ctx.lifecycle.onStop("mdns", () => advert.stop());
  return { url, app, close: () => app.close() };
}
