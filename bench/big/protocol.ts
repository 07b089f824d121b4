import type { ProductPlace } from '../load/product-env';

// Messages between the big-team harness (run.ts), its server child (big-server.ts) and its
// client processes (watcher.ts), over Node's IPC channel.

/** The team to seed: how many of each (options.ts gives the full size and --quick's). */
export interface TeamShape {
  members: number;
  groupMembers: number;
  /** Messages of one member already in the big group, unread by everyone else, before the read wave. */
  unread: number;
  heavyConversations: number;
  heavyGroups: number;
}

export type BigServerConfig = ProductPlace & { shape: TeamShape };

/** A seeded member as a client needs it. */
export interface Person {
  id: string;
  name: string;
  token: string;
}

/** What the server child seeded, sent with `ready`. */
export interface SeededTeam {
  groupId: string;
  admin: Person;
  heavy: Person;
  /** The member who sends to the big group and renames it (its creator and admin). */
  sender: Person;
  /** The big group's other members, the heavy member first. */
  readers: Person[];
  /** A conversation of the heavy member with `baselinePeer`: the plain send with nobody looking. */
  baselineConversationId: string;
  baselinePeer: Person;
}

/** The database's size: each table of the public schema with its indexes and TOAST (pg_total_relation_size), and pg_database_size. */
export interface StorageSizes {
  tables: Record<string, number>;
  database: number;
}

export type ToBigServer = { type: 'sizes' } | { type: 'upkeep' };
export type FromBigServer = { type: 'sizes'; sizes: StorageSizes } | { type: 'upkept'; ran: boolean };

/** Marks the bench's own sends; the send's epoch ms follows it in the body. */
export const SEND_MARK = 'bench-grande';

export type ToWatcher =
  | { type: 'connect'; url: string; people: Person[]; groupId: string }
  /** Keep the first `count` sockets, close the others (a close asked for is no drop); answers once the kept ones are connected (or after a bound). */
  | { type: 'keep'; count: number }
  /** Whether each socket emits `group:read` for every message of others arriving in the group, as an open chat page. */
  | { type: 'look'; on: boolean }
  /** Every socket opens the group as the chat page does (newest page + group read). */
  | { type: 'open' }
  | { type: 'unread' }
  /** How many marked messages were heard since the last `report` (kept). */
  | { type: 'count' }
  /** What was heard since the last `report`, then forgotten. */
  | { type: 'report' }
  | { type: 'finish' };

export interface OpenResult {
  /** Epoch ms each member finished opening: page answered and its own read confirmed, or the page alone when no confirmation came. */
  doneAt: number[];
  /** Page answered, epoch ms. */
  pageAt: number[];
  unconfirmed: number;
  httpErrors: number;
}

export interface Heard {
  /** Send -> `message` event at a socket, ms, for each marked message each socket heard. */
  deliver: number[];
  /** Bytes of each `group::updated` payload heard (its JSON, UTF-8). */
  groupUpdatedBytes: number[];
  /** Disconnects the client did not ask for. */
  drops: number;
}

export type FromWatcher =
  | { type: 'connected'; count: number }
  | { type: 'kept'; connected: number }
  | { type: 'looking' }
  | { type: 'opened'; result: OpenResult }
  | { type: 'unread'; notZero: number; failed: number }
  | { type: 'heard'; heard: Heard }
  | { type: 'counted'; deliveries: number };
