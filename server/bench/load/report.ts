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
    `${f.accepted}/${f.lost}/${f.duplicated}/${f.caughtUp}/${f.httpErrors}`,
    Number.isFinite(f.cpuPerMessageMs) ? f.cpuPerMessageMs.toFixed(2) : '-',
    ms(f.loopDelayP99Ms),
    `${f.serverRssMiB.toFixed(0)} MiB`,
    `${f.rssPerSocketKiB.toFixed(1)} / ${f.heapPerSocketKiB.toFixed(1)}`,
    f.reconnectAllS === null ? '-' : `${f.reconnectedIn30s}/${f.sockets} em 30 s, ${f.reconnected}/${f.sockets} em ${f.reconnectAllS.toFixed(1)} s`,
    back(f.backFromListenS),
    back(f.backFromStopS),
    f.stopS === null ? '-' : `${f.stopS.toFixed(1)} s / ${f.startS!.toFixed(1)} s / ${f.restartedCpuS!.toFixed(1)} s`,
    `${(f.clientCpuMs / 1000).toFixed(1)} s / ${ms(f.clientLoopDelayP99Ms)}`,
    f.machineSteal === null ? '-' : percent(f.machineSteal),
  ];
}

/** 50/90/99/100% of the sockets back, in seconds ('não' for a share that never came back). */
const back = (t: BackTimes | null) => (t === null ? '-' : [t.p50, t.p90, t.p99, t.p100].map((s) => (s === null ? 'não' : s.toFixed(1))).join(' / '));

interface Run {
  bare: RunFigures | null;
  floor: RunFigures | null;
  product: RunFigures;
}

export function printRuns(runs: Run[]) {
  console.log(
    '\n' +
      table(
        ['#', 'alvo', 'msg/s', 'entrega p50', 'p90', 'p99', 'máx', 'resposta p99', 'envio no servidor p99', 'aceitas/perdidas/dupl./recuperadas/erros', 'CPU ms/msg', 'atraso do laço p99', 'RSS', 'KiB/socket RSS / heap', 'reconexão', 'de volta 50/90/99/100% (s desde escutar)', 'idem (s desde o SIGTERM)', 'close() / partida / CPU do novo processo', 'CPU clientes / laço p99', 'CPU roubada da máquina'],
        runs.flatMap((r, i) => [r.bare, r.floor, r.product].filter((f) => f !== null).map((f) => row(i + 1, f))),
      ),
  );
  const paired = runs.filter((r): r is Run & { bare: RunFigures } => r.bare !== null);
  const product = {
    throughput: spread(runs.map((r) => r.product.throughput)),
    deliverP50: spread(runs.map((r) => r.product.deliverP50)),
    deliverP99: spread(runs.map((r) => r.product.deliverP99)),
  };
  if (paired.length === 0) return { product, ratios: null, floorRatios: null };
  const ratios = {
    throughput: spread(paired.map((r) => r.product.throughput / r.bare.throughput)),
    deliverP50: spread(paired.map((r) => r.product.deliverP50 / r.bare.deliverP50)),
    deliverP99: spread(paired.map((r) => r.product.deliverP99 / r.bare.deliverP99)),
    /** Issue 14's p50 target is "2x the bare p50 + 1 ms": this is product p50 over that bound. */
    p50OverTarget: spread(paired.map((r) => r.product.deliverP50 / (2 * r.bare.deliverP50 + 1))),
  };
  console.log(`\nProduto / base, mediana [mín-máx] de ${paired.length} repetição(ões):`);
  console.log(
    table(
      ['vazão', 'entrega p50', 'entrega p99', 'p50 / (2 x base + 1 ms)'],
      [[shown(ratios.throughput, x), shown(ratios.deliverP50, x), shown(ratios.deliverP99, x), shown(ratios.p50OverTarget, x)]],
    ),
  );
  return { product, ratios, floorRatios: printFloorRatios(runs) };
}

/**
 * The product over the durable floor (its own cost) and the floor over the bare pipeline (the
 * disk's and the database's). The floor's p50 over issue 14's bound says whether the 2-member
 * target is within reach of any durable chat on this machine: above 1x, not even one INSERT and
 * its commit per message fits, before any of the product's own work.
 */
function printFloorRatios(runs: Run[]) {
  const withFloor = runs.filter((r): r is Run & { bare: RunFigures; floor: RunFigures } => r.bare !== null && r.floor !== null);
  if (withFloor.length === 0) return null;
  const ratios = {
    productThroughput: spread(withFloor.map((r) => r.product.throughput / r.floor.throughput)),
    productP50: spread(withFloor.map((r) => r.product.deliverP50 / r.floor.deliverP50)),
    productP99: spread(withFloor.map((r) => r.product.deliverP99 / r.floor.deliverP99)),
    floorThroughput: spread(withFloor.map((r) => r.floor.throughput / r.bare.throughput)),
    floorP50: spread(withFloor.map((r) => r.floor.deliverP50 / r.bare.deliverP50)),
    floorP99: spread(withFloor.map((r) => r.floor.deliverP99 / r.bare.deliverP99)),
    floorP50OverTarget: spread(withFloor.map((r) => r.floor.deliverP50 / (2 * r.bare.deliverP50 + 1))),
  };
  console.log(`\nProduto / piso durável e piso / base, mediana [mín-máx] de ${withFloor.length} repetição(ões):`);
  console.log(
    table(
      ['vazão produto/piso', 'p50 produto/piso', 'p99 produto/piso', 'vazão piso/base', 'p50 piso/base', 'p99 piso/base', 'p50 piso / (2 x base + 1 ms)'],
      [
        [
          ratios.productThroughput,
          ratios.productP50,
          ratios.productP99,
          ratios.floorThroughput,
          ratios.floorP50,
          ratios.floorP99,
          ratios.floorP50OverTarget,
        ].map((s) => shown(s, x)),
      ],
    ),
  );
  return ratios;
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
