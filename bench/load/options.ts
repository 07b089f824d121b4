import { parseArgs } from 'node:util';
import type { PgliteDurability } from '@chat/server/bench-api';

// Command line of `npm run bench:load -- ...` (see docs/desempenho.md, "Como medir").

export interface LoadOptions {
  engine: 'postgres' | 'pglite';
  databaseUrl: string;
  redisUrl: string;
  members: number;
  /** Closed loop: messages each member sends one after another. */
  messages: number;
  /** Open loop when set: messages per second from all members together. */
  rate: number | null;
  durationS: number;
  repeat: number;
  processes: 1 | 2;
  workers: number;
  warmup: number;
  restart: boolean;
  /** After --restart: how long (s, from the drop) the clients wait for every socket to be back and caught up. */
  reconnectWaitS: number;
  profile: boolean;
  skipBare: boolean;
  /** No durable floor (bare pipeline + one INSERT/COMMIT per message) next to the bare pipeline. */
  skipFloor: boolean;
  /**
   * PGlite only: 'fast' runs the product and the floor without fsync (DB_DURABILITY=fast), to
   * measure how much of a figure is the disk's. The product's default, and the targets', is strict.
   */
  durability: PgliteDurability;
  /** Members per seeded workspace (all in one by default). */
  workspaceSize: number;
  /** The client processes' niceness (0-19): they stand in for the members' own machines. */
  clientsNice: number;
  /** Web Push on against off, a share of the members away (push-run.ts); no base or floor. */
  push: boolean;
  /** --push: the share of members away from the app and subscribed (at most half: each one's peer is online). */
  awayShare: number;
  out: string | null;
}

const USAGE = `npm run bench:load -- [--engine postgres|pglite] [--members 40] [--messages 20 | --rate 50 --duration 60]
  [--repeat 3] [--processes 1|2] [--workers N] [--warmup N] [--restart [--reconnect-wait 180]] [--profile] [--skip-bare] [--skip-floor] [--durability strict|fast] [--workspace-size N] [--clients-nice 19] [--push [--away 0.5]] [--out file.json]`;

/** The default warm-up, in sends from all members together (see `warmup` below). */
const WARMUP_SENDS = 500;

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string', default: 'postgres' },
      members: { type: 'string', default: '40' },
      messages: { type: 'string', default: '20' },
      rate: { type: 'string' },
      duration: { type: 'string', default: '60' },
      repeat: { type: 'string', default: '3' },
      processes: { type: 'string', default: '1' },
      workers: { type: 'string' },
      warmup: { type: 'string' },
      restart: { type: 'boolean', default: false },
      'reconnect-wait': { type: 'string', default: '180' },
      profile: { type: 'boolean', default: false },
      'skip-bare': { type: 'boolean', default: false },
      'skip-floor': { type: 'boolean', default: false },
      durability: { type: 'string', default: 'strict' },
      'workspace-size': { type: 'string' },
      'clients-nice': { type: 'string', default: '19' },
      push: { type: 'boolean', default: false },
      away: { type: 'string', default: '0.5' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const positive = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} deve ser um número positivo\n${USAGE}`);
    return n;
  };
  const engine = values.engine;
  if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`--engine deve ser postgres ou pglite\n${USAGE}`);
  const members = Math.ceil(positive('members', values.members) / 2) * 2;
  const processes = positive('processes', values.processes);
  if (processes !== 1 && processes !== 2) throw new Error('--processes deve ser 1 ou 2');
  if (processes === 2 && engine === 'pglite') throw new Error('dois processos precisam de PostgreSQL + Redis (PGlite é de um processo só)');
  const durability = values.durability;
  if (durability !== 'strict' && durability !== 'fast') throw new Error(`--durability deve ser strict ou fast\n${USAGE}`);
  if (durability === 'fast' && engine === 'postgres')
    throw new Error('--durability fast só vale para PGlite (o PostgreSQL do benchmark faz fsync a cada commit)');
  const clientsNice = Number(values['clients-nice']);
  if (!Number.isInteger(clientsNice) || clientsNice < 0 || clientsNice > 19)
    throw new Error(`--clients-nice deve ser um inteiro de 0 a 19\n${USAGE}`);
  const rate = values.rate === undefined ? null : positive('rate', values.rate);
  if (values.restart && rate === null) throw new Error('--restart precisa de --rate (carga contínua durante o reinício)');
  if (values.push && (values.restart || processes === 2)) throw new Error('--push mede um processo, sem --restart');
  const awayShare = Number(values.away);
  if (!(awayShare > 0 && awayShare <= 0.5))
    throw new Error(`--away deve ser uma fração de 0 a 0,5 (a outra ponta de cada par fica online)\n${USAGE}`);
  return {
    engine,
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    members,
    messages: positive('messages', values.messages),
    rate,
    durationS: positive('duration', values.duration),
    repeat: positive('repeat', values.repeat),
    processes,
    // One client process holds about 1,500 sockets before its own event loop skews the timings.
    workers: values.workers ? positive('workers', values.workers) : Math.max(1, Math.ceil(members / 1500)),
    // Per member, before each measured phase. By default at least 500 sends in all: with 2 members,
    // a handful each measures a server whose send path V8 has not optimised yet (a visibly slower
    // p50); a server in service is warm.
    warmup: values.warmup === undefined ? Math.max(5, Math.ceil(WARMUP_SENDS / members)) : Number(values.warmup),
    restart: values.restart,
    reconnectWaitS: positive('reconnect-wait', values['reconnect-wait']),
    profile: values.profile,
    skipBare: values['skip-bare'] || values.restart || values.push,
    durability,
    // Even, so that both members of a pair are in one workspace.
    workspaceSize: values['workspace-size'] ? Math.ceil(positive('workspace-size', values['workspace-size']) / 2) * 2 : members,
    // Two bare processes share nothing (no adapter), so there is no floor to compare two nodes with.
    skipFloor: values['skip-floor'] || values['skip-bare'] || values.restart || values.push || processes === 2,
    // The simulated members share this machine's cores with the server, its database and Redis,
    // where real members' browsers run elsewhere. At the same priority, every write that woke a
    // client let it take the server's core: in the 10,000-member restart the new process spent a
    // large part of its profile inside writev without running, and its close() and start took
    // several times as long (docs/desempenho.md, Como medir). At niceness 19 the clients get what
    // the system under test leaves; 0 runs them at the server's priority.
    clientsNice,
    push: values.push,
    awayShare,
    out: values.out ?? null,
  };
}
