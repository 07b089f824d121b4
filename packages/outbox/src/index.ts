// The signed-in user's unsent messages (the outbox) and drafts, in IndexedDB. Shared
// as a Module Federation singleton: the shell opens it at sign-in (banner count, sign-out
// question, sending on reconnect on every page) and remote-chat writes to it and shows it.
export { draftKey, type ChatKind, type Draft, type OutboxEntry, type OutboxFile } from './types';
export { OutboxStore, type NewOutboxEntry } from './outbox-store';
export { DraftsStore } from './drafts-store';
export { OutboxRunner, type OutboxTransport, type RunnerOptions } from './outbox-runner';
export { refusalOf } from './http-transport';
export { closeLocalData, createLocalData, localDataFor, type LocalData } from './local-data';
