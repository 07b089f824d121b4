import { parseArgs } from 'node:util';
import { FAULT_KEYS, type FaultKey } from './faults';

// Command line of `npm run drill -- ...` (docs/drill.md).

export interface DrillOptions {
  runs: number;
  /** Even: members talk in pairs, one on each process. */
  members: number;
  /** Seconds of traffic per fault: a third before it, the rest while it is down and after. */
  durationS: number;
  /** Seconds the failed part stays down. */
  downS: number;
  /** Seconds without sends after each fault before counting, so that late deliveries arrive. */
  settleS: number;
  faults: FaultKey[];
}

const USAGE = `npm run drill -- [--runs 5] [--members 20] [--duration 24] [--down 3] [--settle 5] [--faults ${FAULT_KEYS.join(',')}]`;

const NUMBERS = { runs: '5', members: '20', duration: '24', down: '3', settle: '5' } as const;

/** Every numeric option's value, refused unless it is a positive number. */
function positiveNumbers(values: Record<keyof typeof NUMBERS, string>): Record<keyof typeof NUMBERS, number> {
  return Object.fromEntries(
    Object.entries(values).map(([name, raw]) => {
      const n = Number(raw);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} deve ser um número positivo\n${USAGE}`);
      return [name, n];
    }),
  ) as Record<keyof typeof NUMBERS, number>;
}

export function parseDrillOptions(argv: string[]): DrillOptions {
  const numeric = Object.fromEntries(Object.entries(NUMBERS).map(([name, value]) => [name, { type: 'string', default: value }])) as {
    [K in keyof typeof NUMBERS]: { type: 'string'; default: string };
  };
  const { values } = parseArgs({
    args: argv,
    options: { ...numeric, faults: { type: 'string', default: FAULT_KEYS.join(',') }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const n = positiveNumbers({
    runs: values.runs,
    members: values.members,
    duration: values.duration,
    down: values.down,
    settle: values.settle,
  });
  const faults = values.faults.split(',').map((f) => f.trim());
  const unknown = faults.filter((f) => !(FAULT_KEYS as readonly string[]).includes(f));
  if (unknown.length > 0) throw new Error(`--faults: falha desconhecida ${unknown.join(', ')}\n${USAGE}`);
  if (n.duration / 3 + n.down >= n.duration) throw new Error(`--duration deve passar de 1,5 × --down\n${USAGE}`);
  return {
    runs: Math.round(n.runs),
    members: Math.ceil(n.members / 2) * 2,
    durationS: n.duration,
    downS: n.down,
    settleS: n.settle,
    faults: faults as FaultKey[],
  };
}
