import type { FastifyInstance } from 'fastify';
import { type DefaultEventsMap, Server } from 'socket.io';
import { SOCKET_NAMESPACE, socketCatchUpAuthSchema } from '@chat/contracts';
import { handshakeAuth, type RealtimeServer, type RealtimeSocket, type SocketData, UNAUTHORIZED } from './handshake';
import type { RecentEvents } from './recent-events';
import { RedisRecentMarks } from './redis-recent-marks';
import { connectRedis } from '../../lib/redis';
import { moveSockets } from './move-sockets';
import { trackWebsockets } from './open-websockets';
import { joinUpgradeWrites } from './upgrade-writes';
import { useRedisAdapter } from './redis-adapter';
import { sessionRoom, userRoom, workspaceRoom } from './rooms';
import { closeEndedSessions } from './session-sockets';
import { registerClientEvents } from './socket-handlers';

/**
 * socket.io on the API's HTTP server: namespace /events, websocket transport only (so several
 * processes behind a load balancer need no sticky sessions). Sets up authentication, rooms, the
 * multi-process adapter, presence of each socket and the client events.
 */
export async function attachRealtime(app: FastifyInstance): Promise<RealtimeServer> {
  const { env, db, sessionUsers, chatEvents, presence, conversationParticipants, revokedSessions, groupReads } = app.ctx;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(app.server, {
    transports: ['websocket'],
    serveClient: false,
  });
  const websockets = trackWebsockets(app.server);
  app.decorate('moveSockets', () => moveSockets(io, websockets.refuseNew));
  joinUpgradeWrites(app.server);
  const redis = env.redisUrl
    ? await useRedisAdapter(io, env.redisUrl, env.redisKeyPrefix, {
        onError: (error) => app.log.error({ err: error }, 'redis'),
        // Every page on this process fetches its lists and its open chat again, as after a
        // reconnect of its own. Sent only now that the subscriptions are back: a message whose
        // publication did not reach this process (lost with the connection, or published before
        // the SUBSCRIBE) was committed before its publication, so before this signal and the
        // fetches it starts, which then read it; one published from now on arrives live. A page
        // that gets both merges them by id.
        onResubscribed: () => {
          app.log.warn('redis: inscrições restabelecidas, páginas deste processo avisadas para atualizar');
          io.of(SOCKET_NAMESPACE).local.emit('sync:required');
        },
      })
    : null;
  const closeRedis = redis ? redis.close : async () => undefined;
  if (redis) chatEvents.batchWritesWith(redis.inOneWrite);
  const marksRedis = env.redisUrl ? await connectRedis(env.redisUrl, (error) => app.log.error({ err: error }, 'redis (recent)')) : null;
  if (marksRedis) {
    const marks = new RedisRecentMarks(marksRedis, env.redisKeyPrefix, (error) => app.log.error({ err: error }, 'redis (recent)'));
    chatEvents.recent.shareThrough(await marks.start(Date.now()));
  }

  // Nothing is served on the default namespace.
  io.of('/').use((_socket, next) => next(new Error(UNAUTHORIZED)));

  const handlerDeps = {
    db,
    users: sessionUsers,
    events: chatEvents,
    presence,
    participants: conversationParticipants,
    groupReads,
    log: app.log.child({ module: 'realtime' }),
    chatRead: (userId: string, chatId: string) => app.ctx.push.notifier.chatRead(userId, chatId),
  };
  const events = io.of(SOCKET_NAMESPACE);
  events.use(handshakeAuth(app.ctx));
  const stopClosingEnded = closeEndedSessions(events, revokedSessions);
  events.on('connection', (socket) => {
    const user = socket.data.user;
    const rooms = [
      userRoom(user.id),
      ...(user.workspaceId ? [workspaceRoom(user.workspaceId)] : []),
      ...(user.sessionId ? [sessionRoom(user.sessionId)] : []),
    ];
    void socket.join(rooms);
    catchUpIfNeeded(socket, chatEvents.recent);
    // Ended while the handshake read the user: closeEndedSessions found this socket in no room yet.
    if (user.sessionId && revokedSessions.isRevoked(user.sessionId)) {
      socket.disconnect(false);
      return;
    }
    registerClientEvents(socket, handlerDeps);
    presence.socketConnected(user, socket.id);
    // The socket lives as long as its access token: at expiry the transport is closed,
    // and the shell reconnects with the token it holds then (renewed meanwhile, or renewed after
    // the refused handshake, see socket-connection.ts). A session that cannot renew stays out.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, socket.data.expiresAt - Date.now()));
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      presence.socketDisconnected(user, socket.id);
    });
  });

  // Before the HTTP server closes, which would wait for the upgraded websockets. Presence closes
  // first, so that the sockets' disconnects are not recorded one by one: the store then forgets
  // this process's sockets at once and its users are announced offline (unless another process
  // holds them) while Redis is up; by the time its answer comes the cut sockets have left their
  // rooms, so the announcement goes to the other processes' watchers only. The sockets are cut at
  // the transport (open-websockets.ts): the clients reconnect with their back-off, to the next
  // process. Sends already accepted finish (the HTTP server waits for its requests); later ones
  // get 503 and are retried by the client with the same clientId.
  app.addHook('preClose', async () => {
    stopClosingEnded();
    const presenceClosed = presence.close();
    await websockets.cut();
    io.engine.close();
    await presenceClosed;
  });
  app.addHook('onClose', async () => {
    await closeRedis();
    await marksRedis?.quit().catch(() => marksRedis.disconnect());
  });
  return io;
}

/**
 * A page's first handshake says when it asked for the data it shows (SocketCatchUpAuth): anything
 * sent to its user since then reached no socket of that page, so it is told to fetch again
 * ('sync:required', as after a reconnect). Checked once the socket is in its rooms: what is sent
 * from then on arrives live. A handshake without it (a reconnect) asks nothing: the page catches
 * up by itself.
 */
function catchUpIfNeeded(socket: RealtimeSocket, recent: RecentEvents): void {
  const parsed = socketCatchUpAuthSchema.safeParse(socket.handshake.auth);
  if (!parsed.success) return;
  const { since, now } = parsed.data;
  const onServerClock = since + (Date.now() - now);
  void recent.changedSince(socket.data.user.id, socket.data.user.workspaceId, onServerClock).then((changed) => {
    if (changed && socket.connected) socket.emit('sync:required');
  });
}
