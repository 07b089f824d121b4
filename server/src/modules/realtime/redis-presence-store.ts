import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PresenceSocket, PresenceStore, PresenceTransitions, PresenceUser } from './presence-store';

// Presence shared by every server process through Redis (see presence-store.ts for why not
// fetchSockets). Keys, under `<REDIS_KEY_PREFIX>:presence`:
//   user:<userId>   set of "<process>/<socketId>": the user's open sockets on every process
//   proc:<process>  set of "<userId>/<workspaceId>": whom this process holds sockets of
//   alive:<process> expires unless the process refreshes it (heartbeat)
//   procs           set of the processes that registered
// Add and remove are Lua scripts, so "first socket" and "last socket" are decided once whatever
// the processes do at the same moment. A process that dies without closing leaves its sockets
// behind: its alive key expires and the next heartbeat of any other process removes them and
// reports those users offline (at most ttl + heartbeat later). A process that was only slow and
// got swept finds out on its next heartbeat and registers its sockets again.
// The scripts build key names themselves: fine on one Redis, not on Redis Cluster.

const SWEEP = `
local function sweep(P, proc, offline)
  local procKey = P .. ':proc:' .. proc
  local mine = proc .. '/'
  for _, entry in ipairs(redis.call('SMEMBERS', procKey)) do
    local userKey = P .. ':user:' .. string.match(entry, '^([^/]*)/')
    local removed = 0
    for _, member in ipairs(redis.call('SMEMBERS', userKey)) do
      if string.sub(member, 1, #mine) == mine then removed = removed + redis.call('SREM', userKey, member) end
    end
    if removed > 0 and redis.call('SCARD', userKey) == 0 then table.insert(offline, entry) end
  end
  redis.call('DEL', procKey)
  redis.call('SREM', P .. ':procs', proc)
end
`;

const SCRIPTS = {
  // KEYS user, proc; ARGV socket member, user entry. 1 when this is the user's only socket.
  presenceAdd: {
    numberOfKeys: 2,
    lua: `
redis.call('SADD', KEYS[2], ARGV[2])
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 and redis.call('SCARD', KEYS[1]) == 1 then return 1 end
return 0`,
  },
  // KEYS user, proc; ARGV socket member, user entry, '1' when it was the user's last socket here.
  presenceRemove: {
    numberOfKeys: 2,
    lua: `
if ARGV[3] == '1' then redis.call('SREM', KEYS[2], ARGV[2]) end
if redis.call('SREM', KEYS[1], ARGV[1]) == 1 and redis.call('SCARD', KEYS[1]) == 0 then return 1 end
return 0`,
  },
  // KEYS procs, alive; ARGV prefix, process, ttl ms. Returns {1 if this process had been swept, offline entries}.
  presenceHeartbeat: {
    numberOfKeys: 2,
    lua: `${SWEEP}
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
local swept = redis.call('SADD', KEYS[1], ARGV[2])
local offline = {}
for _, other in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if other ~= ARGV[2] and redis.call('EXISTS', ARGV[1] .. ':alive:' .. other) == 0 then sweep(ARGV[1], other, offline) end
end
return {swept, offline}`,
  },
  // KEYS alive; ARGV prefix, process. Returns the offline entries.
  presenceLeave: {
    numberOfKeys: 1,
    lua: `${SWEEP}
redis.call('DEL', KEYS[1])
local offline = {}
sweep(ARGV[1], ARGV[2], offline)
return offline`,
  },
} as const;

type ScriptName = keyof typeof SCRIPTS;

const LEAVE_TIMEOUT_MS = 3000;

/**
 * A crashed process's users must look offline within 10 s. The worst case is a death
 * right after a refresh: its alive key lives PRESENCE_TTL_MS, then another process's next
 * heartbeat, at most PRESENCE_HEARTBEAT_MS later, sweeps it: 6 + 2 = 8 s. The TTL still allows
 * two missed heartbeats (an event loop busy for 4 s); a live process swept by mistake registers
 * its sockets again on its next heartbeat.
 */
export const PRESENCE_TTL_MS = 6_000;
export const PRESENCE_HEARTBEAT_MS = 2_000;
export const PRESENCE_WORST_SWEEP_MS = PRESENCE_TTL_MS + PRESENCE_HEARTBEAT_MS;

export interface RedisPresenceOptions {
  /** This process's name in Redis (random by default). */
  processId?: string;
  /** How long a silent process counts as alive. */
  ttlMs?: number;
  /** How often the alive key is refreshed and dead processes swept; 0 = never (tests drive heartbeat()). */
  heartbeatMs?: number;
  onError?: (error: Error) => void;
  /** Quit the Redis connection on close (when the store was given its own). */
  quitOnClose?: boolean;
}

export class RedisPresenceStore implements PresenceStore {
  readonly processId: string;
  private readonly ttlMs: number;
  private readonly heartbeatMs: number;
  private readonly onError: (error: Error) => void;
  private readonly quitOnClose: boolean;
  /** This process's sockets, to register again after a sweep and to know a user's last socket here. */
  private readonly local = new Map<string, PresenceSocket>();
  private readonly perUser = new Map<string, number>();
  private listener: PresenceTransitions | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: RedisPresenceOptions = {},
  ) {
    this.processId = options.processId ?? randomUUID();
    this.ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
    this.heartbeatMs = options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
    this.onError = options.onError ?? (() => undefined);
    this.quitOnClose = options.quitOnClose ?? false;
    for (const [name, script] of Object.entries(SCRIPTS)) redis.defineCommand(name, script);
  }

  /**
   * Registers the process (and sweeps the dead ones), then keeps it alive. Also at once each time
   * the connection comes back: a Redis that restarted without its data has forgotten every
   * process, and the heartbeat that finds this one swept registers its sockets again, so that
   * their users are online, announced and have their waiting messages delivered without waiting
   * for the next period.
   */
  async start(): Promise<this> {
    await this.heartbeat();
    this.redis.on('ready', this.onReconnected);
    if (this.heartbeatMs > 0) {
      this.timer = setInterval(() => void this.heartbeat().catch(this.onError), this.heartbeatMs);
      this.timer.unref();
    }
    return this;
  }

  private readonly onReconnected = () => {
    if (!this.closing) void this.heartbeat().catch(this.onError);
  };

  async add(socket: PresenceSocket): Promise<boolean> {
    this.local.set(socket.socketId, socket);
    this.perUser.set(socket.userId, (this.perUser.get(socket.userId) ?? 0) + 1);
    return this.addInRedis(socket);
  }

  async remove(socket: PresenceSocket): Promise<boolean> {
    if (!this.local.delete(socket.socketId)) return false;
    const left = (this.perUser.get(socket.userId) ?? 1) - 1;
    if (left > 0) this.perUser.set(socket.userId, left);
    else this.perUser.delete(socket.userId);
    const gone = await this.run(
      'presenceRemove',
      [this.userKey(socket.userId), this.procKey()],
      [this.member(socket), entryOf(socket), left === 0 ? '1' : '0'],
    );
    return gone === 1;
  }

  /**
   * A user with a socket open on this process is online without asking Redis (one round
   * trip less per send when the recipients are connected here, as they all are with one process);
   * only the others are looked up.
   */
  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    const online = new Set<string>();
    const ids: string[] = [];
    for (const id of new Set(userIds)) {
      if (this.perUser.has(id)) online.add(id);
      else ids.push(id);
    }
    if (ids.length === 0) return online;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.exists(this.userKey(id));
    const results = (await pipeline.exec()) ?? [];
    ids.forEach((id, i) => results[i]?.[1] === 1 && online.add(id));
    return online;
  }

  onTransitions(listener: PresenceTransitions): void {
    this.listener = listener;
  }

  /** Refreshes this process, registers its sockets again if it had been swept, sweeps dead processes. */
  async heartbeat(): Promise<void> {
    const [swept, offline] = (await this.run(
      'presenceHeartbeat',
      [this.key('procs'), this.key(`alive:${this.processId}`)],
      [this.key(''), this.processId, String(this.ttlMs)],
    )) as [number, string[]];
    this.report(offline);
    if (swept === 1) {
      for (const socket of [...this.local.values()]) {
        if (await this.addInRedis(socket)) this.listener?.online({ userId: socket.userId, workspaceId: socket.workspaceId });
      }
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.timer) clearInterval(this.timer);
      this.redis.off('ready', this.onReconnected);
      let timer: NodeJS.Timeout | undefined;
      try {
        // A Redis that does not answer must not hold a shutdown: this process's alive key then
        // expires and another process sweeps what is left, as after a crash.
        const leave = this.run('presenceLeave', [this.key(`alive:${this.processId}`)], [this.key(''), this.processId]);
        const gaveUp = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis não respondeu ao encerrar a presença')), LEAVE_TIMEOUT_MS);
        });
        const offline = (await Promise.race([leave, gaveUp])) as string[];
        this.local.clear();
        this.perUser.clear();
        this.report(offline);
      } finally {
        clearTimeout(timer);
        // Every command has answered (or been given up on): nothing is left to wait for.
        if (this.quitOnClose) this.redis.disconnect();
      }
    })();
    return this.closing;
  }

  private async addInRedis(socket: PresenceSocket): Promise<boolean> {
    const first = await this.run('presenceAdd', [this.userKey(socket.userId), this.procKey()], [this.member(socket), entryOf(socket)]);
    return first === 1;
  }

  private report(entries: string[]): void {
    for (const entry of entries) this.listener?.offline(userOf(entry));
  }

  private run(name: ScriptName, keys: string[], args: string[]): Promise<unknown> {
    const command = (this.redis as unknown as Record<ScriptName, (...a: string[]) => Promise<unknown>>)[name];
    return command.call(this.redis, ...keys, ...args);
  }

  /** `key('')` is the prefix the scripts append to (it ends with ':presence'). */
  private key(suffix: string): string {
    return suffix ? `${this.prefix}:presence:${suffix}` : `${this.prefix}:presence`;
  }
  private userKey(userId: string) {
    return this.key(`user:${userId}`);
  }
  private procKey() {
    return this.key(`proc:${this.processId}`);
  }
  private member(socket: PresenceSocket) {
    return `${this.processId}/${socket.socketId}`;
  }
}

const entryOf = (user: PresenceUser) => `${user.userId}/${user.workspaceId ?? ''}`;

function userOf(entry: string): PresenceUser {
  const [userId = '', workspaceId = ''] = entry.split('/');
  return { userId, workspaceId: workspaceId || null };
}
