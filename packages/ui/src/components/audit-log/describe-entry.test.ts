import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@chat/contracts';
import { describeEntry } from './describe-entry';

const entry = (action: AuditEntry['action'], details: Record<string, unknown>): AuditEntry => ({
  id: 'e1',
  action,
  workspace: null,
  actor: null,
  target: null,
  details,
  ip: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('describeEntry, for what erasures and deletions leave', () => {
  it('an invitation whose e-mail went with its account says so instead of the e-mail', () => {
    expect(describeEntry(entry('member.invited', { email: 'bia@exemplo.com' }))).toBe('bia@exemplo.com');
    expect(describeEntry(entry('member.invited', { emailErased: true }))).toBe('e-mail apagado com a conta');
  });

  it('a removal tells whether the data went, and the messages with it', () => {
    expect(describeEntry(entry('member.removed', {}))).toBe('');
    expect(describeEntry(entry('member.removed', { dataErased: true, deleteMessages: false }))).toBe(
      'dados excluídos; mensagens mantidas como "Usuário removido"',
    );
    expect(describeEntry(entry('member.removed', { dataErased: true, deleteMessages: true }))).toBe(
      'dados excluídos; mensagens e arquivos apagados para todos',
    );
  });

  it('a deleted workspace reads with its name and what went', () => {
    expect(describeEntry(entry('workspace.deleted', { workspaceId: 'w1', name: 'Vendas', items: 42 }))).toBe('Vendas · 42 itens apagados');
  });
});
