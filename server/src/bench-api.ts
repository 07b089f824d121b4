// The surface of the server that the benchmark and drill tooling (the @chat/bench package) may
// use, and nothing else: the tooling drives the real app and reads its tables, so it needs these
// internals, while everything else under src/ stays private to the server.
export { buildApp } from './app';
export { parseEnv } from './config/env';
export { LISTEN_BACKLOG } from './config/listen-backlog';
export { type PgliteDurability, pgliteStorage } from './db/pglite/durability';
export {
  conversations,
  groupMembers,
  groups,
  mediaUploads,
  messageReactions,
  messages,
  pushSubscriptions,
  sessions,
  users,
  workspaces,
} from './db/schema';
export { dropRedisPrefix } from './lib/drop-redis-prefix';
export { outboxDir } from './modules/mail/outbox';
export { userRoom } from './modules/realtime/rooms';
export { freePort } from './test/server-process';
