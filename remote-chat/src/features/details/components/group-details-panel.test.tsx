import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupMember } from '@chat/contracts';
import { ana, bruno, carla, group, user } from '../../../test/fixtures';
import { ContactDetailsPanel } from './contact-details-panel';
import { GroupDetailsPanel } from './group-details-panel';

const api = vi.hoisted(() => ({
  addGroupAdmin: vi.fn(),
  removeGroupAdmin: vi.fn(),
  removeGroupMember: vi.fn(),
  leaveGroup: vi.fn(),
  generatePublicMediaUrl: vi.fn(),
  uploadToSignedUrl: vi.fn(),
  updateGroupPhoto: vi.fn(),
  getGroupMembers: vi.fn(),
  getCommonGroups: vi.fn(),
}));
vi.mock('@chat/api-client', () => ({
  ...api,
  ApiCallError: class extends Error {},
  UploadRequestError: class extends Error {},
  apiErrorMessage: (_: unknown, fallback: string) => fallback,
}));

const diego = user('u-diego', 'Diego');
const admin = (u: GroupMember): GroupMember => ({ ...u, isAdmin: true });
// A big group: the entity carries its head and count; the members page from the server.
const aurora = group('g1', { members: [admin(ana), admin(bruno), carla], admins: [ana, bruno], memberCount: 1000, viewerIsAdmin: true });

/** The server's pages, in its order ('Você', admins, by name): 1,000 members, 50 a page. */
const everyone = [admin(ana), admin(bruno), carla, diego, ...Array.from({ length: 996 }, (_, i) => user(`u-${i}`, `Pessoa ${i}`))];
function serveMembers(meFirst: GroupMember[] = everyone) {
  api.getGroupMembers.mockImplementation(async (_id: string, query: { cursor?: string; content?: string }) => {
    const list = query.content ? meFirst.filter((m) => m.name.toLowerCase().includes(query.content!.toLowerCase())) : meFirst;
    const start = query.cursor ? Number(query.cursor) : 0;
    const next = start + 50 < list.length ? String(start + 50) : null;
    return { status: 200, data: { members: list.slice(start, start + 50), nextCursor: next, total: list.length } };
  });
}

const rows = () => within(screen.getByRole('list', { name: 'Membros' })).getAllByRole('listitem');

describe('group details panel', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it("counts from memberCount and lists the server's first page: 'Você', then admins with the badge", async () => {
    serveMembers();
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={vi.fn()} onLeft={vi.fn()} onOpenMessage={vi.fn()} />);
    expect(screen.getByText('Detalhes do grupo')).toBeInTheDocument();
    expect(screen.getByText('Grupo · 1000 membros')).toBeInTheDocument();
    await waitFor(() => expect(rows().length).toBeGreaterThan(3));
    expect(
      rows()
        .slice(0, 4)
        .map((r) => r.textContent),
    ).toEqual([
      'Você@anaAdmin',
      expect.stringContaining('Bruno@brunoAdmin'),
      expect.stringContaining('Carla@carla'),
      expect.stringContaining('Diego@diego'),
    ]);
    // Only the rows in view are drawn, never the 1,000.
    expect(rows().length).toBeLessThanOrEqual(50);
    expect(api.getGroupMembers).toHaveBeenCalledWith('g1', {});
  });

  it('gives a group admin the edit, add and per-member actions, never on themselves', async () => {
    serveMembers();
    const onChanged = vi.fn();
    api.addGroupAdmin.mockResolvedValue({ status: 200, data: aurora });
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={onChanged} onLeft={vi.fn()} onOpenMessage={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Editar grupo/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Adicionar membro/ })).toBeInTheDocument();
    await waitFor(() => expect(rows().length).toBeGreaterThan(3));
    const [me, second, member] = rows();
    expect(within(me!).queryByRole('button', { name: 'Mais opções' })).toBeNull();

    await userEvent.click(within(second!).getByRole('button', { name: 'Mais opções' }));
    expect(await screen.findByRole('menuitem', { name: 'Remover admin' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(member!).getByRole('button', { name: 'Mais opções' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Adicionar como admin' }));
    expect(api.addGroupAdmin).toHaveBeenCalledWith('g1', { newAdminId: carla.id });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('shows a plain member no admin action', async () => {
    serveMembers([carla, admin(ana), admin(bruno), diego]);
    renderWithQuery(
      <GroupDetailsPanel
        group={{ ...aurora, viewerIsAdmin: false }}
        meId={carla.id}
        onChanged={vi.fn()}
        onLeft={vi.fn()}
        onOpenMessage={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /Editar grupo/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Adicionar membro/ })).toBeNull();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Você'));
    expect(screen.queryAllByRole('button', { name: 'Mais opções' })).toHaveLength(0);
  });

  it("asks before 'Remover do grupo', then removes the member", async () => {
    serveMembers();
    const onChanged = vi.fn();
    api.removeGroupMember.mockResolvedValue({ status: 200, data: aurora });
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={onChanged} onLeft={vi.fn()} onOpenMessage={vi.fn()} />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(3));
    await userEvent.click(within(rows()[2]!).getByRole('button', { name: 'Mais opções' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remover do grupo' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remover Carla de “Projeto');
    expect(api.removeGroupMember).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(api.removeGroupMember).toHaveBeenCalledWith('g1', { memberId: carla.id });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it("lets any member leave with 'Sair do grupo', after confirming", async () => {
    serveMembers([carla, admin(ana), admin(bruno), diego]);
    const onLeft = vi.fn();
    api.leaveGroup.mockResolvedValue({ status: 200, data: { id: 'g1' } });
    renderWithQuery(
      <GroupDetailsPanel
        group={{ ...aurora, viewerIsAdmin: false }}
        meId={carla.id}
        onChanged={vi.fn()}
        onLeft={onLeft}
        onOpenMessage={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Sair do grupo/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.leaveGroup).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Sair do grupo/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair do grupo' }));
    expect(api.leaveGroup).toHaveBeenCalledWith('g1');
    await waitFor(() => expect(onLeft).toHaveBeenCalled());
  });

  it('lets an admin change the group photo through the avatar upload; a member only sees it', async () => {
    serveMembers();
    const onChanged = vi.fn();
    api.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: 'http://x/media/avatars/g.png?signature=s' } });
    api.uploadToSignedUrl.mockResolvedValue({ status: 200, data: null });
    api.updateGroupPhoto.mockResolvedValue({ status: 200, data: { ...aurora, avatarUrl: 'http://x/media/avatars/g.png' } });
    const { unmount } = renderWithQuery(
      <GroupDetailsPanel group={aurora} meId={ana.id} onChanged={onChanged} onLeft={vi.fn()} onOpenMessage={vi.fn()} />,
    );
    const photo = new File([new Uint8Array([0x89, 0x50])], 'g.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Foto do grupo'), photo);
    await waitFor(() => expect(api.updateGroupPhoto).toHaveBeenCalledWith('g1', { avatarUrl: 'http://x/media/avatars/g.png' }));
    expect(api.generatePublicMediaUrl).toHaveBeenCalledWith({ fileName: 'g.png', contentType: 'image/png', folder: 'avatars' });
    expect(api.uploadToSignedUrl).toHaveBeenCalledWith('http://x/media/avatars/g.png?signature=s', photo, { headers: undefined });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    unmount();
    renderWithQuery(
      <GroupDetailsPanel
        group={{ ...aurora, viewerIsAdmin: false }}
        meId={carla.id}
        onChanged={vi.fn()}
        onLeft={vi.fn()}
        onOpenMessage={vi.fn()}
      />,
    );
    expect(screen.queryByLabelText('Foto do grupo')).toBeNull();
  });

  it("searches members on the server after a pause and says 'Nenhum membro encontrado'", async () => {
    vi.useFakeTimers();
    serveMembers();
    renderWithQuery(<GroupDetailsPanel group={aurora} meId={ana.id} onChanged={vi.fn()} onLeft={vi.fn()} onOpenMessage={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText('Buscar membro'), { target: { value: 'z' } });
    fireEvent.change(screen.getByPlaceholderText('Buscar membro'), { target: { value: 'zé' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(api.getGroupMembers).toHaveBeenCalledWith('g1', { content: 'zé' });
    expect(api.getGroupMembers).not.toHaveBeenCalledWith('g1', { content: 'z' });
    expect(screen.getByText('Nenhum membro encontrado')).toBeInTheDocument();
  });
});

describe('contact details panel', () => {
  it("links 'Grupos em comum' to their chats", async () => {
    api.getCommonGroups.mockResolvedValue({ status: 200, data: [aurora] });
    renderWithQuery(
      <MemoryRouter>
        <ContactDetailsPanel user={bruno} basePath="/auth/conversations" conversationId="c1" onOpenMessage={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Detalhes do contato')).toBeInTheDocument();
    expect(screen.getByText('Grupos em comum')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Projeto/ });
    expect(link).toHaveAttribute('href', '/auth/conversations/g1/group');
    expect(api.getCommonGroups).toHaveBeenCalledWith(bruno.id);
  });
});
