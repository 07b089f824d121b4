import { describe, expect, it } from 'vitest';
import { isSystemMessage, parseSystemLine, systemLineText, systemMessageText, type SystemLine } from './system-line';

const ana = { id: 'u-ana', name: 'Ana' };
const bruno = { id: 'u-bruno', name: 'Bruno' };
const carla = { id: 'u-carla', name: 'Carla' };
const line = (extra: Partial<SystemLine> & Pick<SystemLine, 'kind'>): SystemLine => ({ actor: ana, targets: [], ...extra });

describe('system lines', () => {
  it('read in pt-BR for each act', () => {
    expect(systemLineText(line({ kind: 'created' }))).toBe('Ana criou o grupo');
    expect(systemLineText(line({ kind: 'added', targets: [bruno] }))).toBe('Ana adicionou Bruno');
    expect(systemLineText(line({ kind: 'added', targets: [bruno, carla] }))).toBe('Ana adicionou Bruno e Carla');
    expect(systemLineText(line({ kind: 'added', targets: [bruno, carla], count: 12 }))).toBe('Ana adicionou Bruno, Carla e mais 10');
    expect(systemLineText(line({ kind: 'removed', targets: [bruno] }))).toBe('Ana removeu Bruno');
    expect(systemLineText(line({ kind: 'left', actor: bruno }))).toBe('Bruno saiu');
    expect(systemLineText(line({ kind: 'promoted', targets: [bruno] }))).toBe('Ana tornou Bruno administrador');
    expect(systemLineText(line({ kind: 'promoted', targets: [bruno], automatic: true }))).toBe('Bruno agora administra o grupo');
    expect(systemLineText(line({ kind: 'renamed', name: 'Projeto X' }))).toBe('Ana mudou o nome do grupo para “Projeto X”');
    expect(systemLineText(line({ kind: 'photo' }))).toBe('Ana mudou a foto do grupo');
    expect(systemLineText(line({ kind: 'photo', removed: true }))).toBe('Ana removeu a foto do grupo');
  });

  it("say 'Você' for the reader", () => {
    expect(systemLineText(line({ kind: 'added', targets: [bruno] }), ana.id)).toBe('Você adicionou Bruno');
    expect(systemLineText(line({ kind: 'removed', targets: [bruno] }), bruno.id)).toBe('Ana removeu você');
    expect(systemLineText(line({ kind: 'promoted', targets: [bruno], automatic: true }), bruno.id)).toBe('Você agora administra o grupo');
  });

  it('read back from a stored body, and an unreadable one gives no text', () => {
    const body = JSON.stringify(line({ kind: 'left', actor: carla }));
    expect(parseSystemLine(body)).toEqual({ kind: 'left', actor: carla, targets: [] });
    expect(systemMessageText(body)).toBe('Carla saiu');
    expect(systemMessageText('{"kind":"other"}')).toBe('');
    expect(systemMessageText('not json')).toBe('');
    expect(systemMessageText('[1]')).toBe('');
    expect(isSystemMessage({ content: { type: 'system' } })).toBe(true);
    expect(isSystemMessage({ content: { type: 'text' } })).toBe(false);
  });

  it('keep only the fields a line has, and refuse a field of the wrong kind', () => {
    const stored = { kind: 'added', actor: { ...ana, email: 'ana@x' }, targets: [bruno], count: 3, extra: 1 };
    expect(parseSystemLine(JSON.stringify(stored))).toEqual({ kind: 'added', actor: ana, targets: [bruno], count: 3 });
    expect(parseSystemLine(JSON.stringify({ ...stored, count: '3' }))).toBeNull();
    expect(parseSystemLine(JSON.stringify({ ...stored, targets: [{ id: 'u-x' }] }))).toBeNull();
    expect(parseSystemLine(JSON.stringify({ ...stored, targets: undefined }))).toBeNull();
    expect(parseSystemLine(JSON.stringify({ ...stored, actor: 'Ana' }))).toBeNull();
    expect(parseSystemLine(JSON.stringify({ kind: 'renamed', actor: ana, targets: [], name: 'X', automatic: 'sim' }))).toBeNull();
  });
});
