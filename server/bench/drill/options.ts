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

export function parseDrillOptions(argv: string[]): DrillOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      members: { type: 'string', default: '20' },
      duration: { type: 'string', default: '24' },
      down: { type: 'string', default: '3' },
      settle: { type: 'string', default: '5' },
      faults: { type: 'string', default: FAULT_KEYS.join(',') },
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
  const faults = values.faults.split(',').map((f) => f.trim());
  const unknown = faults.filter((f) => !(FAULT_KEYS as readonly string[]).includes(f));
  if (unknown.length > 0) throw new Error(`--faults: falha desconhecida ${unknown.join(', ')}\n${USAGE}`);
  const options = {
    runs: Math.round(positive('runs', values.runs)),
    members: Math.ceil(positive('members', values.members) / 2) * 2,
    durationS: positive('duration', values.duration),
    downS: positive('down', values.down),
    settleS: positive('settle', values.settle),
    faults: faults as FaultKey[],
  };
  if (options.durationS / 3 + options.downS >= options.durationS) throw new Error(`--duration deve passar de 1,5 × --down\n${USAGE}`);
  return options;
}
