import type { FaultFigures } from './tally';

// The drill's tables and its verdict against the targets: nothing lost, nothing stored twice,
// nothing acknowledged missing from the database, every fault recovered within 10 s.

export const RECOVERY_TARGET_MS = 10_000;

const HEADER = [
  'exec.',
  'falha',
  'confirmadas',
  'gravadas 1x',
  'duplicadas',
  'ao vivo',
  'por recuperação',
  'buscas falhas',
  'perdidas',
  'sem registro',
  'envios falhos',
  'peça de volta',
  'recuperação',
];

const seconds = (ms: number | null) => (ms === null ? 'nunca' : `${(ms / 1000).toFixed(1)} s`);

function failed(figures: FaultFigures): string {
  const entries = Object.entries(figures.failedSends).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return '0';
  return `${entries.reduce((sum, [, n]) => sum + n, 0)} (${entries.map(([answer, n]) => `${answer}: ${n}`).join(', ')})`;
}

function row(f: FaultFigures): string[] {
  return [
    String(f.run),
    f.fault,
    String(f.acknowledged),
    String(f.storedOnce),
    String(f.duplicated),
    String(f.shownLive),
    String(f.shownCatchUp),
    String(f.catchUpFailures),
    String(f.lost),
    String(f.acknowledgedNotStored),
    failed(f),
    seconds(f.partBackMs),
    seconds(f.recoveryMs),
  ];
}

export function printTable(all: readonly FaultFigures[]): void {
  const rows = [HEADER, ...all.map(row)];
  const widths = HEADER.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(`  ${r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}`);
}

/** What a fault's figures miss of the targets, in words; empty when it meets them all. */
export function misses(f: FaultFigures): string[] {
  const out: string[] = [];
  if (f.lost > 0) out.push(`${f.lost} perdida(s)`);
  if (f.duplicated > 0) out.push(`${f.duplicated} duplicada(s)`);
  if (f.acknowledgedNotStored > 0) out.push(`${f.acknowledgedNotStored} confirmada(s) sem registro no banco`);
  if (f.unacknowledged > 0) out.push(`${f.unacknowledged} nunca confirmada(s)`);
  if (f.recoveryMs === null || f.recoveryMs >= RECOVERY_TARGET_MS) out.push(`recuperação ${seconds(f.recoveryMs)}`);
  return out;
}

/** Prints the verdict; true when every run of every fault met the targets. */
export function printVerdict(all: readonly FaultFigures[]): boolean {
  const missed = all.filter((f) => misses(f).length > 0);
  console.log(`\nMetas: 0 perdidas e 0 duplicadas em cada execução; recuperação abaixo de ${RECOVERY_TARGET_MS / 1000} s.`);
  if (missed.length === 0) {
    console.log(`Todas cumpridas (${all.length} falhas exercitadas).`);
    return true;
  }
  for (const f of missed) console.log(`  execução ${f.run}, ${f.fault}: ${misses(f).join(', ')}`);
  return false;
}
