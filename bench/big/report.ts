import { ms, percentile, table } from '../measure';
import type { StorageSizes } from './protocol';

// The big-team figures of one engine beside their targets (docs/desempenho.md, "Equipes grandes").

export const TARGETS = {
  bytesPerGroupMessage: 8 * 1024,
  lookingP99Ms: 100,
  longestBlockMs: 100,
  droppedSockets: 0,
  teamFirstScreenBytes: 200 * 1024,
  teamFirstRowMs: 500,
  renameEventBytes: 4 * 1024,
} as const;

export interface Latencies {
  sent: number;
  httpP50: number;
  httpP99: number;
  deliverP50: number;
  deliverP99: number;
  /** `message` events heard, of those expected (sent x sockets listening). */
  heard: number;
  expected: number;
}

export interface EngineFigures {
  engine: string;
  seedS: number;
  storage: { sent: number; before: StorageSizes; afterPhase: StorageSizes; afterAllRead: StorageSizes; afterUpkeep: StorageSizes | null };
  baseline: Latencies;
  looking: Latencies & { sockets: number; loopMaxMs: number; drops: number };
  wave: {
    members: number;
    connectS: number;
    totalMs: number;
    pageP50Ms: number;
    pageP99Ms: number;
    loopMaxMs: number;
    drops: number;
    unconfirmed: number;
    httpErrors: number;
    readsLost: number;
    checkFailed: number;
  };
  catchUp: { members: number; totalMs: number; readsLost: number };
  team: {
    calls: string[];
    bytes: number;
    wireBytes: number;
    firstRowMs: number;
    /** GET /workspace/get-by-admin-id alone; null where the server no longer answers it. */
    adminWorkspace: { bytes: number; wireBytes: number; ms: number } | null;
  };
  renameBytes: number | null;
  heavy: { conversationsBytes: number; groupsBytes: number; ms: number };
}

/** Bytes added to the tables (each with its indexes and TOAST) between two readings, per table that grew, largest first. */
export function tableGrowth(before: StorageSizes, after: StorageSizes): Array<[string, number]> {
  return Object.entries(after.tables)
    .map(([name, bytes]): [string, number] => [name, bytes - (before.tables[name] ?? 0)])
    .filter(([, grown]) => grown !== 0)
    .sort((a, b) => b[1] - a[1]);
}

export const totalGrowth = (before: StorageSizes, after: StorageSizes) => tableGrowth(before, after).reduce((sum, [, b]) => sum + b, 0);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'sim' : 'NÃO');

export function latencies(sent: number, httpMs: number[], deliverMs: number[], expected: number): Latencies {
  return {
    sent,
    httpP50: percentile(httpMs, 50),
    httpP99: percentile(httpMs, 99),
    deliverP50: percentile(deliverMs, 50),
    deliverP99: percentile(deliverMs, 99),
    heard: deliverMs.length,
    expected,
  };
}

/** One engine's figures as rows: measure, figure, target, met. */
export function figureRows(f: EngineFigures): string[][] {
  const { storage: s, looking: l, baseline: b, wave: w } = f;
  const perMessage = (after: StorageSizes) => (s.sent > 0 ? totalGrowth(s.before, after) / s.sent : Number.NaN);
  const stored = perMessage(s.afterUpkeep ?? s.afterAllRead);
  const top = tableGrowth(s.before, s.afterUpkeep ?? s.afterAllRead)
    .slice(0, 3)
    .map(([name, grown]) => `${name} ${kb(grown / Math.max(1, s.sent))}`)
    .join(', ');
  const ratio = (a: number, base: number) => (base > 0 ? ` (${(a / base).toFixed(1)}x a base)` : '');
  const longest = Math.max(w.loopMaxMs, l.loopMaxMs);
  const drops = w.drops + l.drops;
  return [
    [
      'armazenamento por mensagem de grupo (tabelas + índices, todos leram)',
      `${kb(stored)} [${top}]`,
      `<= ${kb(TARGETS.bytesPerGroupMessage)}`,
      verdict(stored <= TARGETS.bytesPerGroupMessage),
    ],
    ['  o mesmo logo após a fase (só quem olhava leu)', kb(perMessage(s.afterPhase)), '', ''],
    [
      '  pg_database_size, crescimento por mensagem',
      kb(s.sent > 0 ? ((s.afterUpkeep ?? s.afterAllRead).database - s.before.database) / s.sent : Number.NaN),
      '',
      '',
    ],
    [
      `entrega envio -> \`message\`, ${l.sockets} olhando, p50 / p99`,
      `${ms(l.deliverP50)} / ${ms(l.deliverP99)}${ratio(l.deliverP99, b.deliverP99)}`,
      `p99 < ${TARGETS.lookingP99Ms} ms`,
      verdict(l.deliverP99 < TARGETS.lookingP99Ms),
    ],
    ['  envio HTTP p50 / p99', `${ms(l.httpP50)} / ${ms(l.httpP99)}${ratio(l.httpP99, b.httpP99)}`, '', ''],
    ['  eventos ouvidos / esperados', `${l.heard} / ${l.expected} (${l.sent} mensagens)`, '', ''],
    ['  base: conversa a dois, ninguém olhando, entrega p50 / p99', `${ms(b.deliverP50)} / ${ms(b.deliverP99)}`, '', ''],
    ['  base: envio HTTP p50 / p99', `${ms(b.httpP50)} / ${ms(b.httpP99)}`, '', ''],
    [
      `onda de leitura: ${w.members} abrem o grupo com não lidas`,
      `${(w.totalMs / 1000).toFixed(1)} s no total; página p50 / p99 ${ms(w.pageP50Ms)} / ${ms(w.pageP99Ms)}`,
      '',
      '',
    ],
    [
      'maior bloqueio do laço de eventos do servidor (onda / fase)',
      `${ms(w.loopMaxMs)} / ${ms(l.loopMaxMs)}`,
      `< ${TARGETS.longestBlockMs} ms`,
      verdict(longest < TARGETS.longestBlockMs),
    ],
    [
      'sockets derrubados (onda / fase)',
      `${w.drops} / ${l.drops}`,
      String(TARGETS.droppedSockets),
      verdict(drops === TARGETS.droppedSockets),
    ],
    [
      'leituras perdidas (não lidas != 0 em /group/list depois)',
      `${w.readsLost} de ${w.members}${w.checkFailed ? `, ${w.checkFailed} sem resposta` : ''}; sem confirmação ${w.unconfirmed}; erros HTTP ${w.httpErrors}`,
      '0',
      verdict(w.readsLost === 0 && w.checkFailed === 0),
    ],
    [
      `  volta dos outros ${f.catchUp.members} (abrem e leem)`,
      `${(f.catchUp.totalMs / 1000).toFixed(1)} s, ${f.catchUp.readsLost} leituras perdidas`,
      '',
      '',
    ],
    [
      `página da equipe, primeira tela (${f.team.calls.join(' + ')})`,
      `${kb(f.team.bytes)} (${kb(f.team.wireBytes)} comprimido), ${ms(f.team.firstRowMs)}`,
      `<= ${kb(TARGETS.teamFirstScreenBytes)}, < ${TARGETS.teamFirstRowMs} ms`,
      verdict(f.team.bytes <= TARGETS.teamFirstScreenBytes && f.team.firstRowMs < TARGETS.teamFirstRowMs),
    ],
    [
      '  GET /workspace/get-by-admin-id',
      f.team.adminWorkspace === null
        ? 'não respondida'
        : `${kb(f.team.adminWorkspace.bytes)} (${kb(f.team.adminWorkspace.wireBytes)} comprimido), ${ms(f.team.adminWorkspace.ms)}`,
      '',
      '',
    ],
    [
      'evento `group::updated` ao renomear o grupo grande',
      f.renameBytes === null ? 'não ouvido' : kb(f.renameBytes),
      `<= ${kb(TARGETS.renameEventBytes)}`,
      verdict(f.renameBytes !== null && f.renameBytes <= TARGETS.renameEventBytes),
    ],
    [
      'entrada do membro pesado: conversas + grupos',
      `${kb(f.heavy.conversationsBytes)} + ${kb(f.heavy.groupsBytes)} = ${kb(f.heavy.conversationsBytes + f.heavy.groupsBytes)}, ${ms(f.heavy.ms)}`,
      '',
      '',
    ],
  ];
}

export function printFigures(f: EngineFigures): void {
  console.log(
    `\n${f.engine} (semeado em ${f.seedS.toFixed(1)} s; ${f.wave.members} sockets conectados em ${f.wave.connectS.toFixed(1)} s)`,
  );
  console.log(table(['medida', 'resultado', 'meta', 'atingida'], figureRows(f)));
}
