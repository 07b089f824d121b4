import { parseArgs } from 'node:util';
import type { TeamShape } from './protocol';

// Command line of `npm run bench:big -- ...` (docs/desempenho.md, "Equipes grandes").

export type BigEngine = 'postgres' | 'pglite';

export interface BigOptions {
  engines: BigEngine[];
  databaseUrl: string;
  redisUrl: string;
  shape: TeamShape;
  /** Members online with the big group open while messages arrive. */
  looking: number;
  /** Messages per second sent to the big group, and for how long (s). */
  rate: number;
  durationS: number;
  /** The plain send with nobody looking, measured before, for this long (s). */
  baselineS: number;
  clientsNice: number;
  quick: boolean;
  out: string | null;
  /** A CPU profile of the server for the looking phase only, written under this directory. */
  profileDir: string | null;
}

export const USAGE = `npm run bench:big -- [--engine both|postgres|pglite] [--quick] [--duration 60] [--rate 2]
  [--members 5000] [--group 1000] [--looking 300] [--unread 1000] [--heavy-conversations 500] [--heavy-groups 100]
  [--clients-nice 19] [--out file.json] [--profile dir]`;

const FULL = { members: 5000, group: 1000, looking: 300, unread: 1000, heavyConversations: 500, heavyGroups: 100, duration: 60 };
/** --quick: the same shape at a tenth, for a smoke run of a minute or two. */
const QUICK = { members: 500, group: 100, looking: 30, unread: 100, heavyConversations: 50, heavyGroups: 10, duration: 10 };

export function parseBigOptions(argv: string[], env: NodeJS.ProcessEnv): BigOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string', default: 'both' },
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      rate: { type: 'string', default: '2' },
      members: { type: 'string' },
      group: { type: 'string' },
      looking: { type: 'string' },
      unread: { type: 'string' },
      'heavy-conversations': { type: 'string' },
      'heavy-groups': { type: 'string' },
      'clients-nice': { type: 'string', default: '19' },
      out: { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  const base = values.quick ? QUICK : FULL;
  const count = (name: string, raw: string | undefined, fallback: number, min = 1) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} deve ser um inteiro de ${min} ou mais\n${USAGE}`);
    return n;
  };
  const engine = values.engine;
  if (engine !== 'both' && engine !== 'postgres' && engine !== 'pglite')
    throw new Error(`--engine deve ser both, postgres ou pglite\n${USAGE}`);
  const members = count('members', values.members, base.members, 4);
  const group = count('group', values.group, Math.min(base.group, members - 1), 3);
  if (group >= members) throw new Error('--group deve ser menor que --members (a administradora fica fora do grupo)');
  const heavyConversations = count('heavy-conversations', values['heavy-conversations'], Math.min(base.heavyConversations, members - 3));
  if (heavyConversations > members - 3) throw new Error('--heavy-conversations deve caber entre os membros (--members menos 3)');
  const looking = count('looking', values.looking, Math.min(base.looking, group - 1));
  if (looking >= group) throw new Error('--looking deve ser menor que --group (quem envia não olha)');
  const rate = Number(values.rate);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`--rate deve ser um número positivo\n${USAGE}`);
  const durationS = count('duration', values.duration, base.duration);
  const clientsNice = Number(values['clients-nice']);
  if (!Number.isInteger(clientsNice) || clientsNice < 0 || clientsNice > 19)
    throw new Error(`--clients-nice deve ser um inteiro de 0 a 19\n${USAGE}`);
  return {
    engines: engine === 'both' ? ['pglite', 'postgres'] : [engine],
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    shape: {
      members,
      groupMembers: group,
      unread: count('unread', values.unread, base.unread),
      heavyConversations,
      heavyGroups: count('heavy-groups', values['heavy-groups'], base.heavyGroups),
    },
    looking,
    rate,
    durationS,
    // Half the measured phase, at least 10 s: enough sends for a p99 beside the phase's.
    baselineS: Math.max(10, Math.round(durationS / 2)),
    clientsNice,
    quick: values.quick,
    out: values.out ?? null,
    profileDir: values.profile ?? null,
  };
}
