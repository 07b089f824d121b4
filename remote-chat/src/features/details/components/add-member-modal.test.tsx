import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@chat/contracts';
import { group, user } from '../../../test/fixtures';
import { renderWithQuery } from '../../../test/render';
import { AddMemberModal } from './add-member-modal';

const api = vi.hoisted(() => ({
  getGroupCandidates: vi.fn(),
  getGroupCandidateIds: vi.fn(),
  resolveGroupEmails: vi.fn(),
  addGroupMembers: vi.fn(),
}));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

// 250 colleagues not in the group yet: more than the old picker's 100, served 50 a page.
const colleagues: User[] = Array.from({ length: 250 }, (_, i) => user(`u-${i}`, `Colega ${String(i).padStart(3, '0')}`));
function serveCandidates() {
  api.getGroupCandidates.mockImplementation(async (query: { cursor?: string; content?: string }) => {
    const list = query.content ? colleagues.filter((u) => u.name.includes(query.content!)) : colleagues;
    const start = query.cursor ? Number(query.cursor) : 0;
    const next = start + 50 < list.length ? String(start + 50) : null;
    return { status: 200, data: { users: list.slice(start, start + 50), nextCursor: next, total: list.length } };
  });
}

const renderModal = () => {
  const onAdded = vi.fn();
  renderWithQuery(<AddMemberModal group={group('g1', { memberCount: 1000 })} open onOpenChange={vi.fn()} onAdded={onAdded} />);
  return { onAdded };
};

describe("'Adicionar membro'", () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it('pages the candidates from the server as the list reaches its end', async () => {
    serveCandidates();
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Adicionar membro' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Colega 000' })).toBeInTheDocument();
    expect(api.getGroupCandidates).toHaveBeenCalledWith({ groupId: 'g1' });
    await waitFor(() => expect(api.getGroupCandidates).toHaveBeenCalledWith({ groupId: 'g1', cursor: '50' }));
    expect(screen.getByRole('button', { name: 'Selecionar todos (250)' })).toBeInTheDocument();
  });

  it("selects every user of the search with 'Selecionar todos' and adds them", async () => {
    serveCandidates();
    api.getGroupCandidateIds.mockResolvedValue({ status: 200, data: { ids: colleagues.map((u) => u.id) } });
    api.addGroupMembers.mockResolvedValue({ status: 200, data: group('g1') });
    const { onAdded } = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Selecionar todos (250)' }));
    expect(api.getGroupCandidateIds).toHaveBeenCalledWith({ groupId: 'g1', content: '' });
    expect(await screen.findByText('250 selecionados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(api.addGroupMembers).toHaveBeenCalledWith('g1', { newMembersIds: colleagues.map((u) => u.id) }));
    expect(onAdded).toHaveBeenCalled();
  });

  it('searches on the server after a pause and says when nobody is left to add', async () => {
    vi.useFakeTimers();
    serveCandidates();
    renderModal();
    fireEvent.change(screen.getByPlaceholderText('Pesquise por um usuário'), { target: { value: 'ninguém' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(api.getGroupCandidates).toHaveBeenCalledWith({ groupId: 'g1', content: 'ninguém' });
    expect(screen.getByText('Nenhum usuário disponível para adicionar ao grupo')).toBeInTheDocument();
  });

  it("resolves 'Colar e-mails' on the server and names the unknown ones", async () => {
    serveCandidates();
    api.resolveGroupEmails.mockResolvedValue({
      status: 200,
      data: { users: [colleagues[3]], unknown: ['fulano@fora.com'], alreadyMembers: ['ana@demo.chat'] },
    });
    renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Colar e-mails' }));
    fireEvent.change(screen.getByLabelText('E-mails'), { target: { value: 'Colega3@demo.chat, fulano@fora.com\nana@demo.chat' } });
    await userEvent.click(screen.getByRole('button', { name: 'Incluir e-mails' }));
    expect(api.resolveGroupEmails).toHaveBeenCalledWith({
      groupId: 'g1',
      emails: ['colega3@demo.chat', 'fulano@fora.com', 'ana@demo.chat'],
    });
    expect(await screen.findByText('Não encontrados no workspace: fulano@fora.com. Já estão no grupo: ana@demo.chat.')).toBeInTheDocument();
    expect(screen.getByText('1 selecionado')).toBeInTheDocument();
  });
});
