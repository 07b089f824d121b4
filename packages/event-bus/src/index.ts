import mitt, { type Emitter, type EventType, type Handler } from 'mitt';
import type { ClientEventPayloads, ServerToClientEvents } from '@chat/contracts';

// The one channel between the shell and the remotes (docs/arquitetura.md, Micro-frontends): the
// shell owns the socket and re-emits every server event here under the same name; remotes listen
// here and ask the shell to emit through 'socket:emit'. A remote never opens a socket of its own.

export type SocketStatus = 'connected' | 'disconnected' | 'reconnecting';

/** Payloads of the server's socket events, under their socket names. */
export type ServerEvents = { [K in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[K]>[0] };

/** A request for the shell to emit one client event: `{ event, payload }`, discriminated on `event`. */
export type SocketEmitRequest = {
  [K in keyof ClientEventPayloads]: { event: K; payload: ClientEventPayloads[K] };
}[keyof ClientEventPayloads];

/** Events the shell itself publishes (or, for 'socket:emit', consumes), and remotes' news for the shell. */
export type ShellEvents = {
  /**
   * `byServer`: the server closed the socket itself (a session change such as this tab's own
   * password change, an expired access token) and the page is connecting again at once; nothing
   * was lost, so the page need not say so unless that connection fails.
   */
  'socket:status': { status: SocketStatus; byServer?: boolean };
  'socket:emit': SocketEmitRequest;
  /** After a reconnect: re-fetch the chat list and the open history (what was sent meanwhile). */
  'socket:reconnected': undefined;
  /** A remote asks the shell to sign out (docs/produto.md, Telas, settings 'Desconectar'). */
  'session:signout': undefined;
  /**
   * remote-chat's unread total (the sum of its conversations' counts) whenever it changes, for the
   * phone tab bar's badge on 'Conversas': the shell shows it without a list of its own.
   */
  'chat:unread-total': { count: number };
  /**
   * remote-chat's silenced chats whenever its list changes: the shell's notifications skip them.
   */
  'chat:muted-chats': { ids: string[] };
  /**
   * A remote's first screen has rendered its data (remote-chat: the chat list, or its error):
   * the shell starts what that screen does not need, the live connection and the service
   * worker, only then, so that they do not compete with its first paint.
   */
  'screen:ready': undefined;
};

export type AppEvents = ServerEvents & ShellEvents;
export type AppEventName = keyof AppEvents;
export type EventBus<Events extends Record<EventType, unknown> = AppEvents> = Emitter<Events>;

/** A new, independent typed bus (for tests or a private channel). The app uses `eventBus`. */
export function createEventBus<Events extends Record<EventType, unknown>>(): Emitter<Events> {
  return mitt<Events>();
}

/**
 * Where the shared bus lives. Module Federation shares this package as a singleton, but if a
 * misconfigured remote (a version mismatch, a missing `shared` entry, a standalone dev build
 * embedded in the shell) ever loads a second copy of this module, a module-level `mitt()` would
 * give that copy its own bus and the remote would silently stop receiving events. `Symbol.for`
 * returns the same symbol across every copy and realm-wide, so all copies find one instance on
 * `globalThis`. A registered symbol (not a string key) cannot collide with anything else's.
 */
export const EVENT_BUS_KEY: unique symbol = Symbol.for('@chat/event-bus');

type BusHolder = { [EVENT_BUS_KEY]?: Emitter<AppEvents> };

/** The process-wide bus: created by the first copy of this module that runs, reused by the rest. */
export function getEventBus(): Emitter<AppEvents> {
  const holder = globalThis as typeof globalThis & BusHolder;
  return (holder[EVENT_BUS_KEY] ??= createEventBus<AppEvents>());
}

/** THE shared bus of the shell and every remote. */
export const eventBus: Emitter<AppEvents> = getEventBus();

/** `bus.on` that returns its own unsubscribe, for effect cleanups. */
export function subscribe<Events extends Record<EventType, unknown>, K extends keyof Events>(
  bus: Emitter<Events>,
  type: K,
  handler: Handler<Events[K]>,
): () => void {
  bus.on(type, handler);
  return () => bus.off(type, handler);
}
