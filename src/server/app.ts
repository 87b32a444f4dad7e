import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { usesHttps, type ServerOptions } from './config.js';
import { createContext } from './context.js';
import { prepareDataDir, type PreparedDataDir } from './data-dir.js';
import { forgetRestoredBackup, restoredBackupMessage, restoredFromView } from './restored-backup.js';
import { ensureFirstAdminKey, type FirstAdminKey } from './domain/first-admin-key.js';
import { installAccessControl } from './http/access.js';
import { installDevCors } from './http/dev-cors.js';
import { installDrain } from './http/drain.js';
import { clientErrorHandler, installErrorHandling } from './http/error-handler.js';
import {
  forwardRequestsNodeRefuses,
  installRequestHeadRules,
  nodeHeadChecksOff,
} from './http/request-head-rules.js';
import { installIdempotency } from './http/idempotency.js';
import { installJsonBodyParser } from './http/json-body.js';
import { lazySchemaController } from './http/lazy-compilers.js';
import { installMetering } from './http/metering.js';
import { installOpenApi } from './http/openapi.js';
import { defaultConnectionsPerAddress, installConnectionCap } from './http/connection-cap.js';
import { installRateLimit } from './http/rate-limit.js';
import { applyRequestDeadline, requestDeadline } from './http/request-deadline.js';
import { installStaffSessions } from './http/staff-session.js';
import { installStrictQuery } from './http/strict-query.js';
import { spaFallback } from './http/spa-fallback.js';
import { installValidators } from './http/validators.js';
import { loggerOptions, requestIds } from './logging/logger-options.js';
import { startMailSender } from './mail/start-mail-sender.js';
import { eventPage } from './pages/event-page.js';
import { walletPage } from './pages/wallet-page.js';
import { attendeeLinkNotFound, attendeePageTooBusy, pageAwareFrameworkErrors } from './pages/not-found.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { attendeeRoutes } from './routes/attendees.js';
import { auditRoutes } from './routes/audit.js';
import { reportRoutes } from './routes/reports.js';
import { eventRoutes } from './routes/events.js';
import { kioskRoutes } from './routes/kiosk.js';
import { mailRoutes } from './routes/mail.js';
import { backupRoutes } from './routes/backups.js';
import { metaRoutes } from './routes/meta.js';
import { orderRoutes } from './routes/orders.js';
import { payoutRoutes } from './routes/payouts.js';
import { deviceRoutes } from './routes/devices.js';
import { scanKeyRoutes } from './routes/scan-keys.js';
import { scanStreamRoutes } from './routes/scan-stream.js';
import { scanRoutes } from './routes/scans.js';
import { settingsRoutes } from './routes/settings.js';
import { shiftRoutes } from './routes/shifts.js';
import { staffRoutes } from './routes/staff.js';
import { ticketRoutes } from './routes/tickets.js';
import { tierRoutes } from './routes/tiers.js';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.js';
import { webhookEndpointRoutes } from './routes/webhook-endpoints.js';
import { registerComponents } from './schemas/components.js';
import { startBackgroundCheckpoints } from './store/background-checkpoints.js';
import { connectStore, upgradeStore } from './store/db.js';
import { SettingsRepo } from './store/settings-repo.js';
import { StorageHealth } from './store/storage-health.js';
import { guardStoreFile } from './store/store-file-watch.js';
import { removeCutOffBackup } from './store/backup-in-progress.js';
import { startRetention } from './store/start-retention.js';
import { ensureTlsMaterial } from './tls.js';
import { judgeLanCertificate } from './lan-certificate.js';
import { serverVersion } from './version.js';
import { startWebhookDispatcher } from './webhooks/setup.js';

export const bodyLimitBytes = 1024 * 1024;

declare module 'fastify' {
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
export async function buildApp(options: ServerOptions, build: BuildOptions = {}): Promise<FastifyInstance> {
  // First of all: a data dir another server uses is refused before its store is opened or migrated.
  const dataDir = prepareDataDir(options.dataDir, options.now());
  try {
    return await buildOnDataDir(options, build, dataDir);
  } catch (err) {
    dataDir.lock.release();
    throw err;
  }
}

/** buildApp on a data dir this process holds; closing the app releases it. */
async function buildOnDataDir(
  options: ServerOptions,
  build: BuildOptions,
  { storeFile, storeExisted, lock, restored }: PreparedDataDir,
): Promise<FastifyInstance> {
  // A non-loopback bind serves HTTPS with the LAN certificate; Fastify needs it at construction.
  const tls = usesHttps(options) ? ensureTlsMaterial(options.dataDir, options.host, { storeExisted }) : null;
  const db = connectStore(storeFile, { nativeBinding: options.storeBinding });
  const deadline = requestDeadline(options.requestTimeoutMs);
  // The HTTPS server is typed apart from the HTTP one, but routes and hooks see the same API.
  const app = Fastify({
    // Never blocks on a stalled stdout, never grows without bound, and masks credentials.
    logger: loggerOptions(options.logLevel, options.logDestination),
    bodyLimit: bodyLimitBytes,
    // A whole request within a deadline, so a body that stops arriving cannot hold its socket.
    requestTimeout: deadline.requestTimeout,
    // A reverse proxy or tunnel on this machine (docs/publishing.md) brings every attendee from
    // 127.0.0.1: the address a keyless caller is limited by (and logged as) is then the client
    // its X-Forwarded-For names. Only a loopback peer is believed, so nothing on the LAN can
    // choose its own address.
    trustProxy: 'loopback',
    // A caller's x-request-id only when short and plain (logging/mask-secrets.ts).
    requestIdHeader: false,
    genReqId: requestIds(),
    // Any path parameter reaches its route, so an over-long id is refused by the route's schema
    // (400 invalid_field, param id; 401 first without a key) like any other bad id. At the router's
    // default of 100 characters a GET fell through to "no such route". Node's 16 KiB limit on
    // the request head bounds it anyway.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    frameworkErrors: pageAwareFrameworkErrors,
    clientErrorHandler,
    // Requests that reach an open keep-alive connection while draining are served (and the
    // connection closed after, see drain.ts) rather than refused outside the error envelope.
    return503OnClosing: false,
    schemaController: lazySchemaController,
    http: nodeHeadChecksOff,
    ...(tls ? { https: { key: tls.key, cert: tls.cert, ...nodeHeadChecksOff } } : {}),
  }) as unknown as FastifyInstance;
  applyRequestDeadline(app.server, deadline);
  forwardRequestsNodeRefuses(app.server);
  installConnectionCap(app, options.connectionCap ?? { perAddress: defaultConnectionsPerAddress });
  try {
    // Migrated once the logger exists: an upgrade says so, and keeps a copy in <dataDir>/backups.
    if (restored)
      app.log.warn(
        { backup: restored.backup, set_aside: restored.setAsideIn },
        restoredBackupMessage(restored),
      );
    upgradeStore(db, storeFile, { now: options.now, log: app.log });
    const storage = new StorageHealth(db, options.now, app.log);
    const ctx = createContext(
      options,
      db,
      build.provisionalBaseUrl ?? `http://127.0.0.1:${options.port}`,
      tls?.fingerprint256 ?? null,
      storage,
    );
    app.decorate('ctx', ctx);
    if (restored) {
      // Settings say it from now on; the file goes once that is kept (restored-backup.ts).
      ctx.settings.noteRestored(restoredFromView(restored, options.now()));
      forgetRestoredBackup(options.dataDir);
    }
    const replaced = judgeLanCertificate(new SettingsRepo(db), tls);
    if (tls && replaced) {
      // Every paired door's pin is the old fingerprint: without a word here they just stop connecting.
      const paired = await ctx.scan.devices.certificateReplaced(tls.fingerprint256, replaced);
      const facts = {
        dir: tls.dir,
        reason: replaced,
        fingerprint: tls.fingerprint256,
        paired_devices: paired,
      };
      // A store from before the record (lan-certificate.ts) that only ran on loopback: no one to re-pair.
      if (paired === 0)
        app.log.info(facts, 'a new LAN certificate was made; no device is paired, so none must pair again');
      else
        app.log.warn(
          facts,
          'the LAN certificate was missing or unusable and a new one was made: paired devices (doors, tills, kiosks) must pair again',
        );
    }
    if (ctx.signingKeys.replacedMissingKid) {
      app.log.warn(
        { retired: ctx.signingKeys.replacedMissingKid, active: ctx.signingKeys.activeKid },
        'the active ticket signing key file was missing: that key was retired and a new one made',
      );
    }
    ctx.cryptoThreads.onThreadDeath = (err) =>
      app.log.error({ err }, 'a crypto thread died; its signing and verifying continue on the event loop');
    ctx.signAheadThreads.onThreadDeath = (err) =>
      app.log.error({ err }, 'the sign-ahead thread died; checkouts sign their own tokens');
    app.decorate('firstAdminKey', ensureFirstAdminKey(ctx.keys, options.dataDir, options.adminKey));

    installValidators(app);
    installJsonBodyParser(app);
    installStrictQuery(app);
    installErrorHandling(app, storage, {
      notFound: attendeeLinkNotFound,
      tooManyRequests: attendeePageTooBusy,
    });
    installDrain(app, options.drainGraceMs);
    registerComponents(app);
    await installOpenApi(app, serverVersion);
    // Set up front, so every answer (errors and replays included) names its request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    installRequestHeadRules(app);

    if (options.devOrigin) installDevCors(app, options.devOrigin);
    installAccessControl(app, ctx.keys);
    installStaffSessions(app, ctx.staff);
    await installRateLimit(app, options.rateLimitPerMinute);
    installIdempotency(app, ctx.repos.idempotency, ctx.now, ctx.lifecycle);
    installMetering(app, ctx.usage, ctx.lifecycle, storage);

    await app.register(
      async (v2) => {
        await v2.register(metaRoutes);
        await v2.register(apiKeyRoutes);
        await v2.register(eventRoutes);
        await v2.register(tierRoutes);
        await v2.register(kioskRoutes);
        await v2.register(scanKeyRoutes);
        await v2.register(scanRoutes);
        await v2.register(scanStreamRoutes);
        await v2.register(deviceRoutes);
        await v2.register(mailRoutes);
        await v2.register(orderRoutes);
        await v2.register(ticketRoutes);
        await v2.register(attendeeRoutes);
        await v2.register(payoutRoutes);
        await v2.register(webhookEndpointRoutes);
        await v2.register(webhookDeliveryRoutes);
        await v2.register(settingsRoutes);
        await v2.register(backupRoutes);
        await v2.register(staffRoutes);
        await v2.register(shiftRoutes);
        await v2.register(auditRoutes);
        await v2.register(reportRoutes);
      },
      { prefix: '/v2' },
    );
    await app.register(eventPage);
    await app.register(walletPage);
    if (build.rendererDir && existsSync(join(build.rendererDir, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: build.rendererDir,
        prefix: '/',
        wildcard: false,
      });
      await app.register(spaFallback, { root: build.rendererDir });
    }

    // On a LAN bind these wait for the start's look for a twin of this store (start.ts); a stop
    // before it ends must not start them on a closing store.
    ctx.lifecycle.onStop('outbound sending', () => ctx.outbound.close(), { first: true });
    ctx.outbound.whenAllowed(() =>
      startMailSender({ ...ctx, venueName: () => ctx.settings.venueName() }, app.log),
    );
    if (options.workers) {
      ctx.outbound.whenAllowed(() => startWebhookDispatcher(ctx, app.log));
      // Webhook sending yields to API traffic that saturates the loop (webhooks/send-budget.ts).
      app.server.on('request', () => ctx.webhooks.budget.requestSeen());
      // Finished deliveries, their messages and old mail are deleted after MARQUEE_RETENTION_DAYS.
      startRetention(ctx, app.log);
      // A backup that a crash cut off mid-copy: its half-made folder deleted, and the one owed
      // after a shift close saved (domain/automatic-backups.ts).
      const cutOff = removeCutOffBackup(options.dataDir);
      if (cutOff) app.log.info({ path: cutOff }, 'deleted a backup the last stop cut off half-made');
      ctx.automaticBackups.resumeInterrupted(app.log);
      // WAL checkpoints (an fsync) off the request path; the door scan p99 depends on it.
      const checkpoints = startBackgroundCheckpoints(
        db,
        (err) => {
          if (!storage.noteFailure(err)) app.log.warn({ err }, 'background WAL checkpoint');
        },
        { nativeBinding: options.storeBinding },
      );
      ctx.lifecycle.onStop('wal checkpoints', () => checkpoints.stop());
      // marquee.db deleted or replaced while running: writes refused, the store rescued.
      const storeFileGuard = guardStoreFile({ db, storage, checkpoints, log: app.log, now: options.now });
      ctx.lifecycle.onStop('store file watch', () => storeFileGuard.stop());
    }
    app.addHook('onClose', async () => {
      await ctx.lifecycle.stop((name, err) => app.log.error({ err, task: name }, 'stop failed'));
      db.close();
      // Only once the store is closed may another server open it.
      lock.release();
    });
    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    if (db.open) db.close();
    throw err;
  }
}
