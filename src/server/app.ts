import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ServerOptions } from "./config.js";
import { createContext } from "./context.js";
import {
  ensureFirstAdminKey,
  type FirstAdminKey,
} from "./domain/first-admin-key.js";
import { installAccessControl } from "./http/access.js";
import { installErrorHandling } from "./http/error-handler.js";
import { installIdempotency } from "./http/idempotency.js";
import { installJsonBodyParser } from "./http/json-body.js";
import { installMetering } from "./http/metering.js";
import { installOpenApi } from "./http/openapi.js";
import { installRateLimit } from "./http/rate-limit.js";
import { installValidators } from "./http/validators.js";
import { eventPage } from "./pages/event-page.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { eventRoutes } from "./routes/events.js";
import { metaRoutes } from "./routes/meta.js";
import { scanKeyRoutes } from "./routes/scan-keys.js";
import { tierRoutes } from "./routes/tiers.js";
import { ErrorResponse } from "./schemas/common.js";
import { openStore } from "./store/db.js";
import { serverVersion } from "./version.js";

export const bodyLimitBytes = 1024 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    /** Set when this start created the first admin key; the entry point shows it once. */
    firstAdminKey: FirstAdminKey | null;
  }
}

export interface BuildOptions {
  /** Initial public base URL when options.baseUrl is unset; the entry point refines it after listen. */
  provisionalBaseUrl?: string;
  /** Folder of the built renderer to serve at `/`; skipped when it does not exist. */
  rendererDir?: string;
}

/**
 * Builds the venue server: store, plugins in a fixed order (external → app → routes), no
 * listening. Tests and the entry points build it with the same options.
 */
export async function buildApp(
  options: ServerOptions,
  build: BuildOptions = {},
): Promise<FastifyInstance> {
  const db = openStore(join(options.dataDir, "marquee.db"));
  const app = Fastify({
    logger: { level: options.logLevel },
    bodyLimit: bodyLimitBytes,
    requestIdHeader: "x-request-id",
    routerOptions: { ignoreTrailingSlash: true },
  });
  try {
    const ctx = createContext(
      options,
      db,
      build.provisionalBaseUrl ?? `http://127.0.0.1:${options.port}`,
    );
    app.decorate("ctx", ctx);
    app.decorate(
      "firstAdminKey",
      ensureFirstAdminKey(ctx.keys, options.dataDir, options.adminKey),
    );

    installValidators(app);
    installJsonBodyParser(app);
    installErrorHandling(app);
    app.addSchema(ErrorResponse);
    await installOpenApi(app, serverVersion);
    app.addHook("onSend", async (request, reply) => {
      reply.header("x-request-id", request.id);
    });

    installAccessControl(app, ctx.keys);
    await installRateLimit(app, options.rateLimitPerMinute);
    installIdempotency(app, db, ctx.now, ctx.lifecycle);
    installMetering(app, ctx.usage, ctx.lifecycle);

    await app.register(
      async (v2) => {
        await v2.register(metaRoutes);
        await v2.register(apiKeyRoutes);
        await v2.register(eventRoutes);
        await v2.register(tierRoutes);
        await v2.register(scanKeyRoutes);
      },
      { prefix: "/v2" },
    );
    await app.register(eventPage);
    if (
      build.rendererDir &&
      existsSync(join(build.rendererDir, "index.html"))
    ) {
      await app.register(fastifyStatic, {
        root: build.rendererDir,
        prefix: "/",
        wildcard: false,
      });
    }

    app.addHook("onClose", async () => {
      await ctx.lifecycle.stop((name, err) =>
        app.log.error({ err, task: name }, "stop failed"),
      );
      db.close();
    });
    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    if (db.open) db.close();
    throw err;
  }
}
