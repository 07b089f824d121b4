import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENT_NAMES,
  parseEvent,
  SERVER_EVENT_NAMES,
  SOCKET_NAMESPACE,
  SOCKET_RECONNECTION,
  type ClientToServerEvents,
  type ServerDraining,
  type ServerToClientEvents,
} from '@chat/contracts';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';

// The only module that imports socket.io-client (lint-enforced: eslint.config.mjs). It turns the
// socket into bus events for the remotes and bus requests into socket emits, validating both
// directions.

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketOptions {
  /** '' for the page's own origin (config.socketUrl). */
  url: string;
  user: { id: string; name: string };
  /** Read at every handshake, so a token renewed meanwhile is the one presented. */
  getToken: () => string | null;
  /** The handshake was refused (an expired token): renew the session, then call `retry`. */
  onUnauthorized: (retry: () => void) => void;
  /**
   * socket.io's reconnection settings (docs/produto.md, Validação e limites); tests shorten the
   * delays.
   */
  reconnection?: ReconnectionSettings;
  /**
   * The page fetched its lists before this socket was opened (use-live-socket.ts opens it once
   * the page has settled): the first connect is announced as a reconnect too, so that what was
   * sent between those fetches and the socket joining its rooms is fetched again.
   */
  catchUpOnFirstConnect?: boolean;
  /**
   * When the page asked for the data it shows (ms, this page's clock). Given, the first connect
   * is not announced as a reconnect: its handshake carries this time, and the server answers
   * 'sync:required' (announced as a reconnect) only when something was sent to the user since
   * then, or when it cannot tell. So a sign-in does not download its lists twice, and a message
   * sent between those fetches and the socket joining its rooms is still fetched. A reconnect
   * always catches up.
   */
  loadedSince?: number;
  /**
   * Runs before a (re)connect is announced as 'socket:reconnected' (use-live-socket starts the
   * catch-up calls with it); the function it resolves with runs right after the announcement.
   */
  prepareCatchUp?: () => Promise<() => void>;
}

interface ReconnectionSettings {
  reconnection: boolean;
  reconnectionAttempts: number;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  randomizationFactor: number;
}

export function openSocket({
  url,
  user,
  getToken,
  onUnauthorized,
  reconnection = SOCKET_RECONNECTION,
  catchUpOnFirstConnect = false,
  loadedSince,
  prepareCatchUp,
}: SocketOptions): () => void {
  let everConnected = false;
  const socket: ChatSocket = io(`${url}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    withCredentials: true,
    query: { id: user.id, name: user.name },
    auth: (cb) =>
      cb({ token: getToken(), ...(everConnected || loadedSince === undefined ? {} : { since: Math.floor(loadedSince), now: Date.now() }) }),
    ...reconnection,
  });

  let closed = false;
  const announceReconnect = async () => {
    const done = await prepareCatchUp?.().catch((error: unknown) => {
      console.error('[socket] falha ao preparar a atualização após a conexão', error);
      return undefined;
    });
    if (closed) return;
    eventBus.emit('socket:reconnected', undefined);
    done?.();
  };
  let retry: ReturnType<typeof setTimeout> | null = null;
  /** Connects after `delay` ms and a random part of it (many pages must not come back at once). */
  const connectLater = (delay: number) => {
    if (retry !== null) clearTimeout(retry);
    retry = setTimeout(
      () => {
        retry = null;
        if (!socket.connected) socket.connect();
      },
      delay * (1 + Math.random() * reconnection.randomizationFactor),
    );
  };
  /** Set while the page leaves a draining process on its own ('server:draining'), until it is back. */
  let moving = false;
  /**
   * The process is shutting down behind a balancer that no longer sends it new connections: leave
   * at a random moment of the window it gives (so its sockets do not all land elsewhere at once),
   * and connect again at once, which the balancer puts on another process. Waiting for the cut
   * instead would cost socket.io's reconnection delay.
   */
  const moveElsewhere = (withinMs: number) => {
    if (retry !== null) clearTimeout(retry);
    retry = setTimeout(() => {
      retry = null;
      if (!socket.connected) return;
      moving = true;
      socket.disconnect();
      socket.connect();
    }, Math.random() * withinMs);
  };
  socket.on('connect', () => {
    moving = false;
    eventBus.emit('socket:status', { status: 'connected' });
    // After an outage, whatever was sent meanwhile must be fetched again; on the first connect,
    // only what the server says (loadedSince) or everything (catchUpOnFirstConnect alone).
    if (everConnected || (catchUpOnFirstConnect && loadedSince === undefined)) void announceReconnect();
    everConnected = true;
  });
  socket.on('disconnect', (reason) => {
    // The server closes a socket itself when its access token expires or its session ends
    // elsewhere (a password change, a removed member), which socket.io treats as final ('io
    // server disconnect'; a restart, by contrast, cuts the transport, and socket.io reconnects by
    // itself). The page must come back on its own: connect again after the reconnection delay, and
    // from there socket.io's back-off takes over. A member the server removed is refused at that
    // handshake, which ends the session.
    if (reason === 'io server disconnect') {
      eventBus.emit('socket:status', { status: 'reconnecting', byServer: true });
      connectLater(reconnection.reconnectionDelay);
      return;
    }
    eventBus.emit('socket:status', { status: socket.active || moving ? 'reconnecting' : 'disconnected' });
  });
  socket.io.on('reconnect_attempt', () => eventBus.emit('socket:status', { status: 'reconnecting' }));
  // socket.io stops for good after its 5 attempts (docs/produto.md, Validação e limites): about 17
  // s, less with its random part. A restart on a loaded machine or a deploy outlasts that, and
  // every page would stay 'Sem conexão' until reloaded, its outbox waiting. So a failed round is
  // followed, after the longest delay, by another round of at most 5 attempts, for as long as the
  // page is open.
  socket.io.on('reconnect_failed', () => {
    eventBus.emit('socket:status', { status: 'disconnected' });
    connectLater(reconnection.reconnectionDelayMax);
  });
  // A device that comes back online, or a tab shown again, tries at once instead of waiting.
  const connectNow = () => {
    if (!socket.connected) socket.connect();
  };
  const onVisible = () => document.visibilityState === 'visible' && connectNow();
  // (No window in the socket's node tests.)
  const browserWindow = typeof window === 'undefined' ? null : window;
  browserWindow?.addEventListener('online', connectNow);
  browserWindow?.document.addEventListener('visibilitychange', onVisible);
  socket.on('connect_error', () => {
    // A refused handshake (expired token) is not retried by socket.io; a network error is.
    if (!socket.active) {
      eventBus.emit('socket:status', { status: 'disconnected' });
      onUnauthorized(() => socket.connect());
    }
  });

  for (const name of SERVER_EVENT_NAMES) {
    socket.on(name, (payload: unknown) => {
      const parsed = parseEvent('serverToClient', name, payload);
      if (!parsed.ok) {
        console.warn(`[socket] evento inválido descartado: ${parsed.error}`);
        return;
      }
      // The server's process lost pub/sub messages meant for this page: the same catch-up as
      // after a reconnect of this socket, announced the same way.
      if (name === 'sync:required') {
        void announceReconnect();
        return;
      }
      if (name === 'server:draining') {
        moveElsewhere((parsed.data as ServerDraining).reconnectWithinMs);
        return;
      }
      (eventBus.emit as (type: string, data: unknown) => void)(name, parsed.data);
    });
  }

  const forward = (request: SocketEmitRequest) => {
    if (!CLIENT_EVENT_NAMES.includes(request.event)) return;
    const parsed = parseEvent('clientToServer', request.event, request.payload);
    if (!parsed.ok) {
      console.warn(`[socket] emissão inválida descartada: ${parsed.error}`);
      return;
    }
    (socket.emit as (event: string, payload: unknown) => void)(request.event, parsed.data);
  };
  eventBus.on('socket:emit', forward);

  return () => {
    closed = true;
    if (retry !== null) clearTimeout(retry);
    browserWindow?.removeEventListener('online', connectNow);
    browserWindow?.document.removeEventListener('visibilitychange', onVisible);
    eventBus.off('socket:emit', forward);
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
    eventBus.emit('socket:status', { status: 'disconnected' });
  };
}
