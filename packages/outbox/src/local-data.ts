import { eventBus, subscribe } from '@chat/event-bus';
import { openLocalDatabase } from './database';
import { DraftsStore } from './drafts-store';
import { httpTransport } from './http-transport';
import { OutboxRunner, type OutboxTransport, type RunnerOptions } from './outbox-runner';
import { type NewOutboxEntry, OutboxStore } from './outbox-store';
import type { OutboxEntry } from './types';

/** One user's outbox, its sender and their drafts, as the shell and remote-chat both see them. */
export interface LocalData {
  userId: string;
  outbox: OutboxStore;
  drafts: DraftsStore;
  runner: OutboxRunner;
  /** Keeps a message, then sends it (now, or as soon as the connection is back). */
  enqueue: (entry: NewOutboxEntry) => Promise<OutboxEntry>;
  /** 'Tentar novamente' on a refused message. */
  retry: (clientId: string) => Promise<void>;
  close: () => void;
}

export function createLocalData(userId: string, transport: OutboxTransport = httpTransport, options?: RunnerOptions): LocalData {
  const db = openLocalDatabase(userId);
  const outbox = new OutboxStore(db, userId);
  const drafts = new DraftsStore(db, userId);
  const runner = new OutboxRunner(outbox, transport, options);
  return {
    userId,
    outbox,
    drafts,
    runner,
    async enqueue(entry) {
      const stored = await outbox.add(entry);
      void runner.wake();
      return stored;
    },
    async retry(clientId) {
      await outbox.requeue(clientId);
      void runner.wake();
    },
    close() {
      runner.stop();
      outbox.close();
      drafts.close();
      void db.then((opened) => opened.close());
    },
  };
}

// Like @chat/event-bus: one instance on the page even if a misconfigured build loaded a second
// copy of this module (Module Federation shares it as a singleton).
const REGISTRY_KEY = Symbol.for('@chat/outbox');
type Registry = { current: LocalData | null; stopWaking: (() => void) | null };
const registry = ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY_KEY] ??= { current: null, stopWaking: null });

/** The runner tries again the moment the socket is back or the browser says it is online. */
function wakeOnConnection(runner: OutboxRunner): () => void {
  const wake = () => void runner.wake();
  const offs = [
    subscribe(eventBus, 'socket:status', ({ status }) => status === 'connected' && wake()),
    subscribe(eventBus, 'socket:reconnected', wake),
  ];
  window.addEventListener('online', wake);
  return () => {
    offs.forEach((off) => off());
    window.removeEventListener('online', wake);
  };
}

/**
 * The signed-in user's local data, opened on first use (by the shell at sign-in, or by
 * remote-chat running standalone) and sending at once whatever an earlier visit left unsent.
 * A different user closes the previous user's.
 */
export function localDataFor(userId: string): LocalData {
  if (registry.current?.userId === userId) return registry.current;
  closeLocalData();
  const data = createLocalData(userId);
  registry.current = data;
  registry.stopWaking = wakeOnConnection(data.runner);
  void data.runner.wake();
  return data;
}

/** At sign-out: stop sending and let go of the database (what is in it stays unless cleared first). */
export function closeLocalData(): void {
  registry.stopWaking?.();
  registry.current?.close();
  registry.current = null;
  registry.stopWaking = null;
}
