import { ms, percentile, table } from '../measure';
import type { RunFigures } from './summary';

// The printed tables: every run's figures, then product/bare ratios as median [min-max] over repeats.

export interface Spread {
  median: number;
  min: number;
  max: number;
}

const spread = (values: number[]): Spread => ({ median: percentile(values, 50), min: Math.min(...values), max: Math.max(...values) });
const x = (v: number) => `${v.toFixed(2)}x`;
const shown = (s: Spread, f: (v: number) => string) => `${f(s.median)} [${f(s.min)}-${f(s.max)}]`;

function row(run: number, f: RunFigures): string[] {
  return [
    String(run),
    f.kind === 'bare' ? 'base' : 'produto',
    f.throughput.toFixed(0),
    ms(f.deliverP50),
    ms(f.deliverP90),
    ms(f.deliverP99),
    ms(f.deliverMax),
    ms(f.answerP99),
    `${f.accepted}/${f.lost}/${f.duplicated}/${f.caughtUp}/${f.httpErrors}`,
    Number.isFinite(f.cpuPerMessageMs) ? f.cpuPerMessageMs.toFixed(2) : '-',
    ms(f.loopDelayP99Ms),
    `${f.serverRssMiB.toFixed(0)} MiB`,
    `${f.rssPerSocketKiB.toFixed(1)} / ${f.heapPerSocketKiB.toFixed(1)}`,
    f.reconnectAllS === null ? '-' : `${f.reconnectAllS.toFixed(1)} s`,
  ];
}

export function printRuns(runs: Array<{ bare: RunFigures | null; product: RunFigures }>) {
  console.log(
    '\n' +
      table(
        ['#', 'alvo', 'msg/s', 'entrega p50', 'p90', 'p99', 'máx', 'resposta p99', 'aceitas/perdidas/dupl./recuperadas/erros', 'CPU ms/msg', 'atraso do laço p99', 'RSS', 'KiB/socket RSS / heap', 'reconexão'],
        runs.flatMap((r, i) => [...(r.bare ? [row(i + 1, r.bare)] : []), row(i + 1, r.product)]),
      ),
  );
  const paired = runs.filter((r): r is { bare: RunFigures; product: RunFigures } => r.bare !== null);
  const product = {
    throughput: spread(runs.map((r) => r.product.throughput)),
    deliverP50: spread(runs.map((r) => r.product.deliverP50)),
    deliverP99: spread(runs.map((r) => r.product.deliverP99)),
  };
  if (paired.length === 0) return { product, ratios: null };
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
  return { product, ratios };
}
