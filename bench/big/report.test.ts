import { describe, expect, it } from 'vitest';
import { type EngineFigures, figureRows, tableGrowth, totalGrowth } from './report';

// The storage figure is the growth of every table (with its indexes) over the messages sent,
// whatever tables the receipts live in; each figure is printed beside its target.

const sizes = (tables: Record<string, number>, database = 0) => ({ tables, database });

describe('tableGrowth', () => {
  it('lists the tables that grew, largest first, counting a new table whole', () => {
    const before = sizes({ messages: 1000, group_receipts: 500, users: 300 });
    const after = sizes({ messages: 3000, group_receipts: 10_500, users: 300, read_marks: 800 });
    expect(tableGrowth(before, after)).toEqual([
      ['group_receipts', 10_000],
      ['messages', 2000],
      ['read_marks', 800],
    ]);
    expect(totalGrowth(before, after)).toBe(12_800);
  });
});

const figures = (over: Partial<EngineFigures> = {}): EngineFigures => ({
  engine: 'PGlite',
  seedS: 1,
  storage: {
    sent: 10,
    before: sizes({ messages: 0 }, 0),
    afterPhase: sizes({ messages: 40_960 }, 40_960),
    afterAllRead: sizes({ messages: 81_920 }, 90_000),
    afterUpkeep: null,
  },
  baseline: { sent: 10, httpP50: 5, httpP99: 10, deliverP50: 5, deliverP99: 10, heard: 10, expected: 10 },
  looking: {
    sent: 10,
    httpP50: 8,
    httpP99: 20,
    deliverP50: 9,
    deliverP99: 40,
    heard: 3000,
    expected: 3000,
    sockets: 300,
    loopMaxMs: 30,
    drops: 0,
  },
  wave: {
    members: 999,
    connectS: 2,
    totalMs: 5000,
    pageP50Ms: 100,
    pageP99Ms: 900,
    loopMaxMs: 150,
    drops: 0,
    unconfirmed: 0,
    httpErrors: 0,
    readsLost: 0,
    checkFailed: 0,
  },
  catchUp: { members: 699, totalMs: 1000, readsLost: 0 },
  team: { calls: ['GET /a'], bytes: 100 * 1024, wireBytes: 1024, firstRowMs: 50, adminWorkspace: null },
  renameBytes: 5000,
  heavy: { conversationsBytes: 1, groupsBytes: 1, ms: 1 },
  ...over,
});

describe('figureRows', () => {
  const row = (rows: string[][], start: string) => rows.find((r) => r[0]!.startsWith(start))!;

  it('gives each figure beside its target and says whether it is met', () => {
    const rows = figureRows(figures());
    expect(row(rows, 'armazenamento')).toEqual([
      'armazenamento por mensagem de grupo (tabelas + índices, todos leram)',
      '8.0 KB [messages 8.0 KB]',
      '<= 8.0 KB',
      'sim',
    ]);
    expect(row(rows, 'entrega')[1]).toBe('9.00 ms / 40.0 ms (4.0x a base)');
    expect(row(rows, 'entrega')[3]).toBe('sim');
    expect(row(rows, 'maior bloqueio')[3]).toBe('NÃO');
    expect(row(rows, 'evento')[1]).toBe('4.9 KB');
    expect(row(rows, 'evento')[3]).toBe('NÃO');
  });

  it('takes the sizes after the upkeep when it ran, and counts a rename never heard as not met', () => {
    const f = figures({ renameBytes: null });
    f.storage.afterUpkeep = sizes({ messages: 122_880 }, 0);
    const rows = figureRows(f);
    expect(row(rows, 'armazenamento')[1]).toBe('12.0 KB [messages 12.0 KB]');
    expect(row(rows, 'evento').slice(1)).toEqual(['não ouvido', '<= 4.0 KB', 'NÃO']);
  });

  it('counts drops and reads lost in either wave against zero', () => {
    const rows = figureRows(figures({ looking: { ...figures().looking, drops: 2 } }));
    expect(row(rows, 'sockets derrubados').slice(1)).toEqual(['0 / 2', '0', 'NÃO']);
  });
});
