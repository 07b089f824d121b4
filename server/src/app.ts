import Fastify, { type FastifyInstance } from 'fastify';
import { APP_VERSION, SOCKET_NAMESPACE } from '@chat/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Env } from './config/env';
import { resolveJwtSecret } from './config/jwt-secret';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './config/rate-limits';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { AppContext } from './context';
import { createDb, type Database } from './db/client';
import { MemoryCounterStore } from './lib/rate-limit/counter-store';
import { RateLimiter } from './lib/rate-limit/rate-limiter';
import { RedisCounterStore } from './lib/rate-limit/redis-counter-store';
import { type LogStream, loggerOptions } from './lib/log-options';
import { connectRedis } from './lib/redis';
import { zodValidatorCompiler } from './lib/validation';
import { AccessTokens } from './modules/auth/access-token';
import { authRoutes } from './modules/auth/auth.routes';
import { RefreshTokens } from './modules/auth/refresh-tokens';
import { RevokedSessions } from './modules/auth/revoked-sessions';
import { sessionRoutes } from './modules/auth/sessions.routes';
import { SessionUsers } from './modules/auth/session-users';
import { closeControlSocket, openControlSocket } from './modules/backup/control-socket';
import { bootstrap, type BootstrapReport } from './modules/bootstrap/bootstrap';
import { healthRoutes } from './modules/health/health.routes';
import { inviteRoutes } from './modules/invites/invites.routes';
import { createMailer } from './modules/mail/mailer';
import { createMediaStore, mediaOrigins } from './modules/media/create-media-store';
import { isDirectUploadStore } from './modules/media/media-store';
import { startPendingUploadSweeper } from './modules/media/pending-upload-sweeper';
import { mediaFileRoutes } from './modules/media/media-files.routes';
import { MediaUrlSigner } from './modules/media/media-signer';
import type { MediaStore } from './modules/media/media-store';
import { mediaUrlRoutes } from './modules/media/media-url.routes';
import { memberRoutes } from './modules/members/members.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { ServerMetrics } from './modules/metrics/server-metrics';
import { polygonRoutes } from './modules/polygons/polygons.routes';
import { passwordTokenRoutes } from './modules/password-reset/password-tokens.routes';
import { attachRealtime } from './modules/realtime/realtime';
import { conversationRoutes } from './modules/conversations/conversations.routes';
import { groupRoutes } from './modules/groups/groups.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { ChatEvents } from './modules/realtime/chat-events';
import { ConversationParticipants } from './modules/realtime/conversation-participants';
import { createPresence } from './modules/realtime/create-presence';
import { GroupReads } from './modules/realtime/group-reads';
import { ReceiptNotices } from './modules/realtime/receipt-notices';
import { userLookupRoutes } from './modules/users/user-lookups.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { personExport } from './modules/account-data/person-export';
import { exportDeps, registerExportJobs } from './modules/exports/exports';
import { workspaceExport } from './modules/workspace-export/workspace-export';
import { workspaceExportRoutes } from './modules/workspace-export/workspace-export.routes';
import { registerWorkspaceDeletionJobs } from './modules/workspace-deletion/workspace-deletion';
import { workspaceDeletionRoutes } from './modules/workspace-deletion/workspace-deletion.routes';
import { accountDataRoutes } from './modules/account-data/account-data.routes';
import { privacyPageRoute } from './modules/account-data/privacy-page.routes';
import { registerApiDocs, registerOpenApi } from './modules/openapi/openapi';
import { profileRoutes } from './modules/profile/profile.routes';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes';
import { createPush, type PushOptions } from './modules/push/push';
import { EmailDigests } from './modules/email-digest/email-digests';
import { emailDigestRoutes } from './modules/email-digest/email-digest.routes';
import { UnsubscribeTokens } from './modules/email-digest/unsubscribe-token';
import { pushRoutes } from './modules/push/push.routes';
import { configRoutes } from './modules/web/config.routes';
import { appConfig } from './modules/web/app-config';
import { registerSecurityHeaders } from './modules/web/security-headers';
import { registerWeb } from './modules/web/web';
import { workspaceSettingsRoutes } from './modules/workspaces/workspace-settings.routes';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { startDailyJobs } from './modules/jobs/daily-jobs';
import { retentionRoutes } from './modules/retention/retention.routes';
import { OidcClients } from './modules/sso/oidc-client';
import { ssoApiRoutes, ssoStartRoute } from './modules/sso/sso.routes';
import { hookRoutes } from './modules/webhooks/hooks.routes';
import type { WebhookDeliveryOptions } from './modules/webhooks/webhook-deliveries';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import { setUpWebhooks } from './modules/webhooks/webhooks-setup';
import { registerApiCompression } from './plugins/api-compression';
import { registerDiskReserve } from './plugins/disk-reserve';
import { registerApiNoStore } from './plugins/api-no-store';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { RequestLogController } from './plugins/request-log';
import { closeIdleWhileClosing } from './lib/close-idle-connections';
import { Draining } from './lib/draining';

/** Request bodies above this size are refused with 413 before parsing. */
export const API_BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildAppOptions {
  env: Env;
  /** An already open database (the caller then closes it); by default opened from env and closed with the app. */
  database?: Database;
  /** Where log lines go; stdout by default. */
  logStream?: LogStream;
  /** Overrides of the sign-in and reset limits (tests use short windows). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Clock of the expiry rules; the real one by default. */
  now?: () => Date;
  /** Where uploads go; DATA_DIR/media on the local disk by default (an S3-compatible store for several machines). */
  mediaStore?: MediaStore;
  /** How long one upload PUT may take (tests shorten it). */
  mediaUploadTimeoutMs?: number;
  /** Web Push's trusted certificate authority and retry waits (tests point it at their own push service). */
  push?: PushOptions;
  /** False: the e-mail digest's rounds run only when a test calls app.ctx.digests.runOnce(). */
  emailDigestRounds?: boolean;
  /** The outgoing webhooks' polling and retry waits (tests shorten them). */
  webhooks?: WebhookDeliveryOptions;
  /** Runs the daily maintenance (retention, the activity log's period) on a timer; main turns it on, tests call it themselves. */
  dailyJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What start-up bootstrap did: main prints the created credentials from it. */
    bootstrapReport: BootstrapReport;
  }
}

/**
 * Builds the whole server: database (migrated), first-run bootstrap, then Fastify in layers
 * (compilers and error handler, app context, API routes under /api, web assets, socket.io).
 * The result is ready for app.inject() or app.listen(); app.close() releases everything.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const env = { ...options.env, jwtSecret: resolveJwtSecret(options.env) };
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createDb(env));
  let app: FastifyInstance | undefined;
  try {
    const bootstrapReport = await bootstrap(database.db, env);
    app = Fastify({
      logger: loggerOptions(env.logLevel, options.logStream),
      // request.ip (rate limits, request logs) is the client behind the proxies TRUST_PROXY names.
      trustProxy: fastifyTrustProxy(env.trustProxy),
      logController: new RequestLogController(env.logLevel),
      // The largest JSON body a route takes is a message of a few KB: anything far larger is
      // refused with 413 from its Content-Length, before it is read or parsed. The upload PUT
      // (/media/*) sets its own limit for images.
      bodyLimit: API_BODY_LIMIT_BYTES,
      // The router's own refusals (bad URL, an over-long path parameter) in the error shape too.
      frameworkErrors,
    });

    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    database.logTo?.(app.log);
    // Before the headers: the page's policy lets the browser reach the bucket it names.
    const mediaStore = options.mediaStore ?? (await createMediaStore(env));
    if (!options.mediaStore) app.addHook('onClose', async () => mediaStore.close?.());
    // First, so every route registered below (and every 404) carries the headers.
    await registerSecurityHeaders(app, env, { mediaOrigins: mediaOrigins(mediaStore) });
    // The embedded database lives in DATA_DIR; PostgreSQL watches its own disk.
    if (database.engine === 'pglite') registerDiskReserve(app, { dataDir: env.dataDir, minFreeBytes: env.dataDirMinFreeBytes });
    registerApiNoStore(app);

    // Closed in reverse order of creation: the database last, after what may still write to it.
    if (ownsDatabase) app.addHook('onClose', () => database.close());
    // The HTTP server closes once its last request is answered, not once keep-alive ends.
    const httpServer = app.server;
    app.addHook('preClose', (done) => {
      httpServer.once('close', closeIdleWhileClosing(httpServer));
      done();
    });
    const controlSocket = await openControlSocket(env.dataDir, database, app.log);
    app.addHook('onClose', () => closeControlSocket(controlSocket));
    const { rateLimiter, redis } = await createRateLimiter(env, app);
    app.addHook('onClose', () => rateLimiter.close());
    const mailer = createMailer(env, app.log);
    app.addHook('onClose', () => mailer.close());

    // socket.io is attached last (it needs the HTTP server); routes only emit once it exists.
    const built = app;
    const events = () => built.io.of(SOCKET_NAMESPACE);
    const chatEvents = new ChatEvents(events);
    const receiptNotices = new ReceiptNotices(chatEvents);
    const presence = await createPresence({ env, db: database.db, events: chatEvents, notices: receiptNotices, log: app.log });
    app.addHook('onClose', () => presence.close());
    app.addHook('onClose', () => receiptNotices.close());
    const groupReads = new GroupReads({ db: database.db, events: chatEvents, notices: receiptNotices, log: app.log });
    const revokedSessions = await RevokedSessions.start({
      db: database.db,
      redisUrl: env.redisUrl,
      keyPrefix: env.redisKeyPrefix,
      onError: (error) => app?.log.error({ err: error }, 'redis (sessions)'),
    });
    app.addHook('onClose', () => revokedSessions.close());
    const now = options.now ?? (() => new Date());
    const push = createPush({ env, db: database.db, redis, presence, revokedSessions, log: app.log, now }, options.push);
    // Before the database closes (hooks run in reverse): pushes in flight still read it.
    app.addHook('onClose', () => push.close());
    const digestTokens = new UnsubscribeTokens(env.jwtSecret);
    const digests = new EmailDigests({
      db: database.db,
      presence,
      mailer,
      tokens: digestTokens,
      appUrl: env.appUrl,
      delaySeconds: env.emailDigestDelaySeconds,
      log: app.log,
      now,
    });
    // Before the mailer and the database close: a round in progress still reads and mails.
    app.addHook('onClose', () => digests.close());
    const ctx: AppContext = {
      env,
      database,
      db: database.db,
      accessTokens: new AccessTokens(env.jwtSecret),
      sessionUsers: new SessionUsers(database.db),
      refreshTokens: new RefreshTokens(database.db),
      revokedSessions,
      chatEvents,
      conversationParticipants: new ConversationParticipants(database.db),
      presence,
      groupReads,
      mailer,
      rateLimiter,
      redis,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      mediaStore,
      mediaSigner: new MediaUrlSigner(env.jwtSecret),
      now,
      push,
      digests,
      digestTokens,
      metrics: new ServerMetrics(() => events().sockets.size),
      draining: new Draining(),
    };
    app.decorate('ctx', ctx);
    if (isDirectUploadStore(mediaStore)) {
      const stopSweeper = startPendingUploadSweeper({ db: database.db, store: mediaStore, now, log: app.log });
      app.addHook('onClose', async () => stopSweeper());
    }
    app.decorate('bootstrapReport', { getter: () => bootstrapReport });
    app.decorate('ssoClients', new OidcClients());
    setUpWebhooks(app, options.webhooks);
    app.decorateRequest('user', null);
    app.decorateRequest('recheckUser', null);
    app.decorateRequest('sessionId', null);

    const exportKindDeps = exportDeps(app);
    const dataExportJobs = registerExportJobs(app, { person: personExport(exportKindDeps), workspace: workspaceExport(exportKindDeps) });
    const workspaceDeletionJobs = registerWorkspaceDeletionJobs(app);

    // Before every route: the OpenAPI generator collects routes as they are added.
    await registerOpenApi(app, APP_VERSION);
    await app.register(
      async (api) => {
        await registerApiCompression(api);
        await api.register(healthRoutes);
        await api.register(metricsRoutes);
        await api.register(authRoutes);
        await api.register(sessionRoutes);
        await api.register(passwordTokenRoutes);
        await api.register(inviteRoutes);
        await api.register(conversationRoutes);
        await api.register(groupRoutes);
        await api.register(messageRoutes);
        await api.register(userLookupRoutes);
        await api.register(mediaUrlRoutes);
        await api.register(memberRoutes);
        await api.register(workspaceSettingsRoutes);
        await api.register(polygonRoutes);
        await api.register(profileRoutes);
        await api.register(apiKeyRoutes);
        await api.register(workspaceDeletionRoutes(workspaceDeletionJobs));
        await api.register(workspaceRoutes);
        await api.register(ssoApiRoutes);
        await api.register(pushRoutes);
        await api.register(notificationSettingsRoutes);
        await api.register(emailDigestRoutes);
        await api.register(webhookRoutes);
        await api.register(hookRoutes);
        await api.register(accountDataRoutes(dataExportJobs));
        await api.register(workspaceExportRoutes(dataExportJobs));
        await api.register(auditRoutes);
        await api.register(retentionRoutes);
      },
      { prefix: '/api' },
    );
    await registerApiDocs(app);
    await app.register(configRoutes);
    await app.register(mediaFileRoutes, { uploadTimeoutMs: options.mediaUploadTimeoutMs });
    await app.register(ssoStartRoute);
    await app.register(privacyPageRoute);
    await registerWeb(app, { webRoot: env.webRoot, config: appConfig(env) });
    app.decorate('io', await attachRealtime(app));
    if (options.emailDigestRounds !== false) digests.start();
    if (options.dailyJobs) {
      const jobs = startDailyJobs({ media: { db: ctx.db, env, store: ctx.mediaStore }, log: app.log, now });
      app.addHook('onClose', () => jobs.close());
    }
    return app;
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    else if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Counters in Redis when processes share them (REDIS_URL), else in this process's memory; and that
 * Redis connection, the one /api/health checks.
 */
async function createRateLimiter(env: AppContext['env'], app: FastifyInstance): Promise<{ rateLimiter: RateLimiter; redis: Redis | null }> {
  if (!env.redisUrl) return { rateLimiter: new RateLimiter(new MemoryCounterStore()), redis: null };
  const redis = await connectRedis(env.redisUrl, (error) => app.log.error({ err: error }, 'redis'));
  return { rateLimiter: new RateLimiter(new RedisCounterStore(redis, `${env.redisKeyPrefix}:`)), redis };
}
