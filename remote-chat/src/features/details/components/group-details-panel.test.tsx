import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, bruno, carla, group, user } from '../../../test/fixtures';
import { ContactDetailsPanel } from './contact-details-panel';
import { GroupDetailsPanel } from './group-details-panel';

const api = vi.hoisted(() => ({
  addGroupAdmin: vi.fn(),
  removeGroupAdmin: vi.fn(),
  searchGroupMembers: vi.fn(),
  getCommonGroups: vi.fn(),
}));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

const diego = user('u-diego', 'Diego');
// Carla is listed first and Bruno is an admin: the panel reorders them.
const aurora = group('g1', { members: [carla, diego, bruno, ana], admins: [ana, bruno] });

const rows = () => within(screen.getByRole('list', { name: 'Membros' })).getAllByRole('listitem');

describe('group details panel', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it("lists 'Você' first, then admins with the badge, then the others", () => {
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={vi.fn()} />);
    expect(screen.getByText('Detalhes do grupo')).toBeInTheDocument();
    expect(screen.getByText('Grupo · 4 membros')).toBeInTheDocument();
    expect(rows().map((r) => r.textContent)).toEqual([
      'Você@anaAdmin',
      'Bruno@brunoAdmin',
      expect.stringContaining('Carla@carla'),
      expect.stringContaining('Diego@diego'),
    ]);
  });

  it('gives a group admin the edit, add and per-member actions, never on themselves', async () => {
    const onChanged = vi.fn();
    api.addGroupAdmin.mockResolvedValue({ status: 200, data: aurora });
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={onChanged} />);
    expect(screen.getByRole('button', { name: /Editar grupo/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Adicionar membro/ })).toBeInTheDocument();
    const [me, admin, member] = rows();
    expect(within(me!).queryByRole('button', { name: 'Mais opções' })).toBeNull();

    await userEvent.click(within(admin!).getByRole('button', { name: 'Mais opções' }));
    expect(await screen.findByRole('menuitem', { name: 'Remover admin' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(member!).getByRole('button', { name: 'Mais opções' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Adicionar como admin' }));
    expect(api.addGroupAdmin).toHaveBeenCalledWith('g1', { newAdminId: carla.id });
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows a plain member no admin action', () => {
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={carla.id} onChanged={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Editar grupo/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Adicionar membro/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Mais opções' })).toHaveLength(0);
    expect(rows()[0]).toHaveTextContent('Você');
  });

  it("searches members on the server and says 'Nenhum membro encontrado'", async () => {
    vi.useFakeTimers();
    api.searchGroupMembers.mockResolvedValue({ status: 200, data: [] });
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText('Buscar membro'), { target: { value: 'zé' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(api.searchGroupMembers).toHaveBeenCalledWith('g1', 'zé');
    expect(screen.getByText('Nenhum membro encontrado')).toBeInTheDocument();
  });
});

describe('contact details panel', () => {
  it("links 'Grupos em comum' to their chats", async () => {
    api.getCommonGroups.mockResolvedValue({ status: 200, data: [aurora] });
    renderWithQuery(
      <MemoryRouter>
        <ContactDetailsPanel user={bruno} basePath="/auth/conversations" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Detalhes do contato')).toBeInTheDocument();
    expect(screen.getByText('Grupos em comum')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Projeto/ });
    expect(link).toHaveAttribute('href', '/auth/conversations/g1/group');
    expect(api.getCommonGroups).toHaveBeenCalledWith(bruno.id);
  });
});
