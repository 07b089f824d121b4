import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@chat/contracts';
import { renderWithQueryClient } from '../../testing/render-with-query-client';
import { AuditLogView } from './audit-log-view';
import { describeEntry } from './describe-entry';

const api = vi.hoisted(() => ({ listAuditLog: vi.fn(), downloadAuditCsv: vi.fn() }));
vi.mock('@chat/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));

const entry = (id: string, extra: Partial<AuditEntry>): AuditEntry => ({
  id,
  action: 'member.invited',
  workspace: { id: 'w1', name: 'Equipe Demo' },
  actor: { id: 'u-ana', name: 'Ana Souza' },
  target: null,
  details: {},
  ip: '203.0.113.7',
  createdAt: '2026-03-01T12:00:00.000Z',
  ...extra,
});
const invited = entry('e1', { details: { email: 'nova@demo.chat' } });
const edited = entry('e2', {
  action: 'member.edited',
  actor: { id: 'u-root', name: 'Root' },
  target: { id: 'u-bruno', name: 'Bruno Lima' },
  details: { fields: ['name', 'password'] },
});
const ok = <T,>(data: T) => Promise.resolve({ status: 200, data });

afterEach(() => vi.resetAllMocks());

describe('AuditLogView', () => {
  it('lists entries with act, who, on whom, details and address; filters on the server', async () => {
    api.listAuditLog.mockImplementation((filter: { action?: string }) =>
      ok({ entries: filter.action === 'member.edited' ? [edited] : [invited, edited], nextCursor: null }),
    );
    const user = userEvent.setup();
    renderWithQueryClient(<AuditLogView />);
    const list = await screen.findByRole('list', { name: 'Registro de atividades' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Membro convidado')).toBeInTheDocument();
    expect(within(list).getByText('nova@demo.chat')).toBeInTheDocument();
    expect(within(list).getByText('→ Bruno Lima', { exact: false })).toBeInTheDocument();
    expect(within(list).getByText('Campos: nome, senha')).toBeInTheDocument();
    expect(within(list).getAllByText('203.0.113.7')).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Atividade' }), 'member.edited');
    await waitFor(() => expect(api.listAuditLog).toHaveBeenLastCalledWith({ action: 'member.edited' }, null));
    await waitFor(() => expect(screen.queryByText('nova@demo.chat')).toBeNull());
  });

  it('exports the current filter as CSV', async () => {
    api.listAuditLog.mockImplementation(() => ok({ entries: [invited], nextCursor: null }));
    api.downloadAuditCsv.mockImplementation(() => ok(new Blob(['Data\r\n'], { type: 'text/csv' })));
    URL.createObjectURL = vi.fn(() => 'blob:registro');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderWithQueryClient(<AuditLogView />);
    await screen.findByText('nova@demo.chat');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(api.downloadAuditCsv).toHaveBeenCalledWith({}));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('says so when nothing matches', async () => {
    api.listAuditLog.mockImplementation(() => ok({ entries: [], nextCursor: null }));
    renderWithQueryClient(<AuditLogView />);
    expect(await screen.findByText('Nenhuma atividade encontrada')).toBeInTheDocument();
  });
});

describe('describeEntry', () => {
  it('words the details of each kind of act', () => {
    expect(
      describeEntry(
        entry('x', {
          action: 'workspace.updated',
          details: { changes: { limitOfMembers: { from: 0, to: 50 }, features: { added: ['polygonal'], removed: [] } } },
        }),
      ),
    ).toBe('limite de membros: 0 → 50; funcionalidades: +polygonal');
    expect(describeEntry(entry('x', { action: 'workspace.retention_changed', details: { from: 0, to: 30 } }))).toBe(
      'para sempre → 30 dias',
    );
    expect(describeEntry(entry('x', { action: 'retention.applied', details: { days: 30, messages: 12, files: 2 } }))).toBe(
      '12 mensagens e 2 arquivos com mais de 30 dias',
    );
    expect(describeEntry(entry('x', { action: 'api_key.revoked', details: { preview: 'a1b2' } }))).toBe('…a1b2');
  });
});
