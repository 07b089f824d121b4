import { parseArgs } from 'node:util';

// Command line of `npm run drill:cluster -- ...` (docs/drill.md, "Cluster").

export interface ClusterOptions {
  /** Even: members talk in pairs; 4 at least (the second pair sends the image). */
  members: number;
  /** Sends per second from all members together, while a host dies and during the upgrade. */
  rate: number;
  /** Seconds of load around the kill of app1's process. */
  killS: number;
  /** Seconds of load the rolling upgrade runs inside. */
  upgradeS: number;
  /** Messages per member in the closed-loop throughput runs; 0 skips them. */
  messages: number;
}

const USAGE = 'npm run drill:cluster -- [--members 40] [--rate 40] [--kill 20] [--upgrade 60] [--messages 20 (0: sem vazão)]';
const DEFAULTS = { members: '40', rate: '40', kill: '20', upgrade: '60', messages: '20' } as const;

export function parseClusterOptions(argv: string[]): ClusterOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...(Object.fromEntries(Object.entries(DEFAULTS).map(([name, value]) => [name, { type: 'string', default: value }])) as {
        [K in keyof typeof DEFAULTS]: { type: 'string'; default: string };
      }),
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: keyof typeof DEFAULTS, min: number) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min)
      throw new Error(`--${name} deve ser um número ${min === 0 ? 'de 0 ou mais' : 'positivo'}\n${USAGE}`);
    return n;
  };
  const upgradeS = number('upgrade', 1);
  // Each replacement takes the drain, the move, a start and two checks: about 10 s on a quiet machine.
  if (upgradeS < 30) throw new Error(`--upgrade deve ser de 30 s ou mais: a troca dos dois processos cabe dentro da carga\n${USAGE}`);
  return {
    members: Math.max(4, Math.ceil(number('members', 1) / 2) * 2),
    rate: number('rate', 1),
    killS: number('kill', 6),
    upgradeS,
    messages: Math.round(number('messages', 0)),
  };
}
