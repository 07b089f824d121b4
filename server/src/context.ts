import type { Redis } from 'ioredis';
import type { Env } from './config/env';
import type { RateLimitSettings } from './config/rate-limits';
import type { Database, Db } from './db/client';
import type { Draining } from './lib/draining';
import type { AccessTokens } from './modules/auth/access-token';
import type { RateLimiter } from './lib/rate-limit/rate-limiter';
import type { RefreshTokens } from './modules/auth/refresh-tokens';
import type { RevokedSessions } from './modules/auth/revoked-sessions';
import type { SessionUsers } from './modules/auth/session-users';
import type { SignedInTypeProvider } from './modules/auth/signed-in-routes';
import type { ChatEvents } from './modules/realtime/chat-events';
import type { ConversationParticipants } from './modules/realtime/conversation-participants';
import type { RealtimeServer } from './modules/realtime/handshake';
import type { GroupReads } from './modules/realtime/group-reads';
import type { Presence } from './modules/realtime/presence';
import type { Mailer } from './modules/mail/mail';
import type { MediaUrlSigner } from './modules/media/media-signer';
import type { MediaStore } from './modules/media/media-store';
import type { Push } from './modules/push/push';
import type { EmailDigests } from './modules/email-digest/email-digests';
import type { UnsubscribeTokens } from './modules/email-digest/unsubscribe-token';
import type { ServerMetrics } from './modules/metrics/server-metrics';
import type { UserWithWorkspace } from './modules/users/user-entity';

/** Everything routes and plugins share, built once by buildApp and reachable as app.ctx. */
export interface AppContext {
  env: Env & { jwtSecret: string };
  database: Database;
  db: Db;
  accessTokens: AccessTokens;
  /** The user behind each token, read fresh but gathered across concurrent requests. */
  sessionUsers: SessionUsers;
  refreshTokens: RefreshTokens;
  /** The sessions ended lately, on every process: their access tokens are refused from memory. */
  revokedSessions: RevokedSessions;
  /** Emits server events to users' rooms (bound to app.io once realtime is attached). */
  chatEvents: ChatEvents;
  /** The two participants of each conversation, cached (they never change). */
  conversationParticipants: ConversationParticipants;
  /** Who has a socket open, on any server process. */
  presence: Presence;
  /** The group reads of this process, written in batches (one statement each). */
  groupReads: GroupReads;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The rate limiter's Redis connection (null without REDIS_URL), which /api/health checks. */
  redis: Redis | null;
  rateLimits: RateLimitSettings;
  /** Uploaded files (DATA_DIR/media by default). */
  mediaStore: MediaStore;
  /** Signs and checks upload URLs; independent of where files are stored. */
  mediaSigner: MediaUrlSigner;
  /** Web Push: the VAPID public key and the sends to devices with no tab open. */
  push: Push;
  /** The e-mail digest of what someone missed: marks after sends, and the periodic rounds that mail it. */
  digests: EmailDigests;
  /** Signs and checks the digest's "turn off" links (no sign-in needed). */
  digestTokens: UnsubscribeTokens;
  /** Prometheus metrics of this process (GET /api/metrics). */
  metrics: ServerMetrics;
  /** Set once the process is told to shut down: /api/health answers 503 from then on. */
  draining: Draining;
  /** The clock of expiry rules (reset links, invites, upload URLs); tests move it instead of waiting. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The socket.io server on the same HTTP server (namespace /events). */
    io: RealtimeServer;
    /** Draining: tells this process's sockets to reconnect elsewhere and waits (bounded) for them to leave. */
    moveSockets: () => Promise<void>;
  }
  // The type parameters repeat Fastify's own (declarations of one interface must match), so that
  // `user` can depend on the route's type provider.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider, ContextConfig, Logger, RequestType> {
    /**
     * Set by requireAuth: the signed-in, active user, loaded fresh from the database. Set by type
     * in the routes of a signed-in scope (signed-in-routes.ts), whose check has run; null elsewhere.
     */
    user: TypeProvider extends SignedInTypeProvider ? UserWithWorkspace : UserWithWorkspace | null;
    /** Set by requireAuth: the session (access token's sid) the request acts in; null for an API key. */
    sessionId: string | null;
    /** Set by requireAuth({ cachedUser: true }) when request.user came from the cache: reads it fresh (401/403 as requireAuth). */
    recheckUser: (() => Promise<UserWithWorkspace>) | null;
  }
}
