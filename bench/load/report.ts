import { ms, percentile, table } from '../measure';
import type { ProfileTop } from './protocol';
import type { BackTimes, RunFigures } from './summary';

// The printed tables: every run's figures, then product/bare ratios as median [min-max] over repeats.

export interface Spread {
  median: number;
  min: number;
  max: number;
}

const spread = (values: number[]): Spread => ({ median: percentile(values, 50), min: Math.min(...values), max: Math.max(...values) });
const x = (v: number) => `${v.toFixed(2)}x`;
export const percent = (share: number) => `${(100 * share).toFixed(1)}%`;
const shown = (s: Spread, f: (v: number) => string) => `${f(s.median)} [${f(s.min)}-${f(s.max)}]`;

function row(run: number, f: RunFigures): string[] {
  return [
    String(run),
    { bare: 'base', floor: 'piso', product: 'produto' }[f.kind],
    f.throughput.toFixed(0),
    ms(f.deliverP50),
    ms(f.deliverP90),
    ms(f.deliverP99),
    ms(f.deliverMax),
    ms(f.answerP99),
    f.serverSendP99Ms === null ? '-' : ms(f.serverSendP99Ms),
    ms(f.issueLagP99Ms),
    f.readWaitP99Ms === null ? '-' : ms(f.readWaitP99Ms),
    ms(f.deliverFromIssueP99Ms),
    `${f.accepted}/${f.lost}/${f.duplicated}/${f.caughtUp}/${f.httpErrors}`,
    Number.isFinite(f.cpuPerMessageMs) ? f.cpuPerMessageMs.toFixed(2) : '-',
    `${ms(f.loopDelayP99Ms)} / ${ms(f.loopDelayMaxMs)}`,
    `${f.gc.count} / ${ms(f.gc.totalMs)} / ${ms(f.gc.maxMs)}`,
    `${perSecond(f.serverRunQueueMsPerS)} / ${perSecond(f.clientRunQueueMsPerS)}`,
    `${f.serverRssMiB.toFixed(0)} MiB`,
    `${f.rssPerSocketKiB.toFixed(1)} / ${f.heapPerSocketKiB.toFixed(1)}`,
    f.reconnectAllS === null
      ? '-'
      : `${f.reconnectedIn30s}/${f.sockets} em 30 s, ${f.reconnected}/${f.sockets} em ${f.reconnectAllS.toFixed(1)} s`,
    back(f.backFromListenS),
    back(f.backFromStopS),
    f.stopS === null ? '-' : `${f.stopS.toFixed(1)} s / ${f.startS!.toFixed(1)} s / ${f.restartedCpuS!.toFixed(1)} s`,
    `${(f.clientCpuMs / 1000).toFixed(1)} s / ${ms(f.clientLoopDelayP99Ms)}`,
    f.machineSteal === null ? '-' : percent(f.machineSteal),
  ];
}

const perSecond = (v: number | null) => (v === null ? '-' : v.toFixed(1));

/** 50/90/99/100% of the sockets back, in seconds ('não' for a share that never came back). */
const back = (t: BackTimes | null) =>
  t === null ? '-' : [t.p50, t.p90, t.p99, t.p100].map((s) => (s === null ? 'não' : s.toFixed(1))).join(' / ');

export interface Run {
  bare: RunFigures | null;
  floor: RunFigures | null;
  product: RunFigures;
}

/**
 * Repetitions in which the hypervisor took less than this share of the machine's CPU from every
 * target (bare, floor, product): the ratios are also given over those alone. On these shared
 * machines steal comes in bursts of tens of seconds and reaches one target of a repetition and not
 * the next (none for the bare pipeline, a fifth of the CPU for the product right after it), which
 * compares the product on a slower machine than the bare pipeline it is divided by.
 */
export const QUIET_STEAL = 0.02;

/** The repetitions whose every target ran with less than QUIET_STEAL taken (unknown steal: not quiet). */
export const quietRuns = <R extends Run>(runs: readonly R[]): R[] =>
  runs.filter((r) => [r.bare, r.floor, r.product].every((f) => f === null || (f.machineSteal !== null && f.machineSteal < QUIET_STEAL)));

export function printRuns(runs: Run[]) {
  console.log(
    '\n' +
      table(
        [
          '#',
          'alvo',
          'msg/s',
          'entrega p50',
          'p90',
          'p99',
          'máx',
          'resposta p99',
          'envio no servidor p99',
          'cliente atrasa o envio p99',
          'espera até o servidor ler p99',
          'entrega desde a escrita p99',
          'aceitas/perdidas/dupl./recuperadas/erros',
          'CPU ms/msg',
          'atraso do laço p99 / máx',
          'GC: vezes / total / maior',
          'espera por um núcleo, ms/s: servidor / clientes',
          'RSS',
          'KiB/socket RSS / heap',
          'reconexão',
          'de volta 50/90/99/100% (s desde escutar)',
          'idem (s desde o SIGTERM)',
          'close() / partida / CPU do novo processo',
          'CPU clientes / laço p99',
          'CPU roubada da máquina',
        ],
        runs.flatMap((r, i) => [r.bare, r.floor, r.product].filter((f) => f !== null).map((f) => row(i + 1, f))),
      ),
  );
  const product = {
    throughput: spread(runs.map((r) => r.product.throughput)),
    deliverP50: spread(runs.map((r) => r.product.deliverP50)),
    deliverP99: spread(runs.map((r) => r.product.deliverP99)),
  };
  const quiet = quietRuns(runs);
  const ratios = bareRatios(runs);
  if (!ratios) return { product, ratios: null, quietRatios: null, floorRatios: null, quietFloorRatios: null };
  const quietRatios = bareRatios(quiet);
  const sets: Array<[string, number, ReturnType<typeof bareRatios>]> = [
    ['todas', runs.length, ratios],
    [`CPU roubada < ${percent(QUIET_STEAL)}`, quiet.length, quietRatios],
  ];
  console.log('\nProduto / base, mediana [mín-máx] das repetições:');
  console.log(
    table(
      ['repetições', 'vazão', 'entrega p50', 'entrega p99', 'p50 / (2 x base + 1 ms)'],
      sets.map(([label, count, r]) =>
        r
          ? [`${label} (${count})`, shown(r.throughput, x), shown(r.deliverP50, x), shown(r.deliverP99, x), shown(r.p50OverTarget, x)]
          : [`${label} (0)`, '-', '-', '-', '-'],
      ),
    ),
  );
  const floorRatios = withFloorRatios(runs);
  const quietFloorRatios = withFloorRatios(quiet);
  if (floorRatios)
    printFloorRatios([
      ['todas', runs.length, floorRatios],
      [`CPU roubada < ${percent(QUIET_STEAL)}`, quiet.length, quietFloorRatios],
    ]);
  return { product, ratios, quietRatios, floorRatios, quietFloorRatios };
}

/** Product over bare pipeline, over the repetitions that measured both; null when none did. */
function bareRatios(runs: Run[]) {
  const paired = runs.filter((r): r is Run & { bare: RunFigures } => r.bare !== null);
  if (paired.length === 0) return null;
  return {
    throughput: spread(paired.map((r) => r.product.throughput / r.bare.throughput)),
    deliverP50: spread(paired.map((r) => r.product.deliverP50 / r.bare.deliverP50)),
    deliverP99: spread(paired.map((r) => r.product.deliverP99 / r.bare.deliverP99)),
    /**
     * The 2-member p50 target (docs/desempenho.md, Metas) is "2x the bare p50 + 1 ms": this is
     * product p50 over that bound.
     */
    p50OverTarget: spread(paired.map((r) => r.product.deliverP50 / (2 * r.bare.deliverP50 + 1))),
  };
}

/**
 * The product over the durable floor (its own cost) and the floor over the bare pipeline (the
 * disk's and the database's). The floor's p50 over the target's bound says whether the 2-member
 * target is within reach of any durable chat on this machine: above 1x, not even one INSERT and
 * its commit per message fits, before any of the product's own work.
 */
function withFloorRatios(runs: Run[]) {
  const withFloor = runs.filter((r): r is Run & { bare: RunFigures; floor: RunFigures } => r.bare !== null && r.floor !== null);
  if (withFloor.length === 0) return null;
  return {
    productThroughput: spread(withFloor.map((r) => r.product.throughput / r.floor.throughput)),
    productP50: spread(withFloor.map((r) => r.product.deliverP50 / r.floor.deliverP50)),
    productP99: spread(withFloor.map((r) => r.product.deliverP99 / r.floor.deliverP99)),
    floorThroughput: spread(withFloor.map((r) => r.floor.throughput / r.bare.throughput)),
    floorP50: spread(withFloor.map((r) => r.floor.deliverP50 / r.bare.deliverP50)),
    floorP99: spread(withFloor.map((r) => r.floor.deliverP99 / r.bare.deliverP99)),
    floorP50OverTarget: spread(withFloor.map((r) => r.floor.deliverP50 / (2 * r.bare.deliverP50 + 1))),
  };
}

function printFloorRatios(sets: Array<[string, number, ReturnType<typeof withFloorRatios>]>) {
  console.log('\nProduto / piso durável e piso / base, mediana [mín-máx] das repetições:');
  console.log(
    table(
      [
        'repetições',
        'vazão produto/piso',
        'p50 produto/piso',
        'p99 produto/piso',
        'vazão piso/base',
        'p50 piso/base',
        'p99 piso/base',
        'p50 piso / (2 x base + 1 ms)',
      ],
      sets.map(([label, count, r]) =>
        r
          ? [
              `${label} (${count})`,
              ...[r.productThroughput, r.productP50, r.productP99, r.floorThroughput, r.floorP50, r.floorP99, r.floorP50OverTarget].map(
                (s) => shown(s, x),
              ),
            ]
          : [`${label} (0)`, '-', '-', '-', '-', '-', '-', '-'],
      ),
    ),
  );
}

/** --profile: the measured phase's top functions by self time, and where the whole profile is (for a flame graph). */
export function printProfile(profile: ProfileTop, phase = 'na fase medida'): void {
  console.log(`\nPerfil de CPU do servidor ${phase} (${(profile.totalMs / 1000).toFixed(1)} s): ${profile.file}`);
  console.log(
    table(
      ['tempo próprio', '%', 'função', 'onde'],
      profile.functions.map((f) => [`${f.selfMs.toFixed(0)} ms`, `${f.percent.toFixed(1)}%`, f.name, f.where]),
    ),
  );
}
