import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeatureFlag, PendingInvite, RemoteAppProps, User, Workspace } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { renderWithQueryClient } from '@chat/ui/testing';
import { MemoryRouter } from 'react-router-dom';
import { TeamPage } from './team-page';

const api = vi.hoisted(() => ({
  getWorkspaceByAdmin: vi.fn(),
  listWorkspaceMembers: vi.fn(),
  listPendingInvites: vi.fn(),
  listPolygons: vi.fn(),
  updateMember: vi.fn(),
  removeMember: vi.fn(),
  inviteUser: vi.fn(),
  cancelInvite: vi.fn(),
  createMemberWithoutInvite: vi.fn(),
  createPolygon: vi.fn(),
  getRetentionPolicy: vi.fn(),
  saveRetentionPolicy: vi.fn(),
  getWorkspaceSso: vi.fn(),
  saveWorkspaceSso: vi.fn(),
}));
vi.mock('@chat/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
const ui = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('@chat/ui/toast-store', async (importOriginal) => ({ ...(await importOriginal<object>()), ...ui }));

const person = (id: string, name: string, nickName: string, extra: Partial<User> = {}): User => ({
  id,
  name,
  nickName,
  email: `${nickName}@demo.chat`,
  role: 'USER',
  avatarUrl: null,
  neoCustomData: null,
  workspaces: [],
  ...extra,
});
const ana = person('u-ana', 'Ana Souza', 'ana', { role: 'ADMIN', workspaces: [{ id: 'w1', name: 'Equipe Demo' }] });
const bruno = person('u-bruno', 'Bruno Lima', 'bruno', { neoCustomData: { id: 'p-sp', name: 'São Paulo' } });
const carla = person('u-carla', 'Carla Dias', 'carla');
const workspace: Workspace = {
  id: 'w1',
  name: 'Equipe Demo',
  description: '',
  admin: { id: ana.id, name: ana.name, email: ana.email },
  membersCount: 3,
  limitOfMembers: 10,
  storageQuotaMb: 0,
  storageUsedBytes: 0,
  refuseExecutables: false,
  features: ['polygonal', 'create_members', 'edit_members'],
  createdAt: '2026-01-01T00:00:00.000Z',
  members: [ana, bruno, carla],
};
const INVITE_LINK = 'http://localhost:3000/register?inviteCode=CTF-4UJ&email=nova%40demo.chat';
const ok = <T,>(data: T) => Promise.resolve({ status: 200, data });
const ALL: FeatureFlag[] = ['polygonal', 'create_members', 'edit_members'];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * GET /workspace/members as the server answers it: the search over name, nickName, e-mail and
 * polygon (case and accents ignored), pages of `pageSize` with the index of the next one as cursor.
 */
function serveMembers(members: readonly User[], pageSize = 50) {
  api.listWorkspaceMembers.mockImplementation(({ cursor, content }: { cursor?: string | null; content?: string }) => {
    const term = fold(content ?? '');
    const found = members.filter((m) =>
      [m.name, m.nickName, m.email, m.neoCustomData?.name ?? ''].some((text) => fold(text).includes(term)),
    );
    const from = cursor ? Number(cursor) : 0;
    const next = from + pageSize < found.length ? String(from + pageSize) : null;
    return ok({ members: found.slice(from, from + pageSize), nextCursor: next });
  });
}

function renderPage(
  flags: FeatureFlag[] = ALL,
  polygons = [{ id: 'p-sp', name: 'São Paulo', membersCount: 1 }],
  team: { workspace?: Workspace; members?: User[]; pageSize?: number; invites?: PendingInvite[] } = {},
) {
  api.getWorkspaceByAdmin.mockImplementation(() => ok(team.workspace ?? workspace));
  serveMembers(team.members ?? workspace.members, team.pageSize);
  api.listPendingInvites.mockImplementation(() =>
    ok(
      team.invites ?? [
        {
          id: 'i1',
          email: 'nova@demo.chat',
          createdAt: '2026-01-01T00:00:00.000Z',
          expiresAt: '2026-01-08T00:00:00.000Z',
          link: INVITE_LINK,
        },
      ],
    ),
  );
  api.listPolygons.mockImplementation(() => ok(polygons));
  api.getRetentionPolicy.mockImplementation(() => ok({ messageRetentionDays: 0 }));
  const props = { basePath: '/auth/team', user: ana, flags, config: {}, headerSlot: null } as unknown as RemoteAppProps;
  renderWithQueryClient(
    <MemoryRouter>
      <TeamPage {...props} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}
const memberRows = () => within(screen.getByRole('list', { name: 'Membros' })).getAllByRole('listitem');
const rowNames = () => memberRows().map((row) => row.firstElementChild?.getAttribute('aria-label'));

describe('team page', () => {
  afterEach(() => vi.clearAllMocks());

  it("lists members with 'Admin' and polygon badges and the count against the limit", async () => {
    renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    expect(screen.getByLabelText('Membros / limite')).toHaveTextContent('3 / 10');
    expect(within(memberRows()[0]!).getByText('Admin')).toBeInTheDocument();
    expect(within(memberRows()[1]!).getByText('São Paulo')).toBeInTheDocument();
    // No remove button on oneself.
    expect(within(memberRows()[0]!).queryByRole('button', { name: /Remover/ })).toBeNull();
  });

  it("searches by name, nickName or polygon name ignoring accents, and says 'Nenhum membro foi encontrado'", async () => {
    const user = renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    const search = screen.getByRole('searchbox', { name: 'Buscar membro' });
    await user.type(search, 'sao paulo');
    await waitFor(() => expect(rowNames()).toEqual(['Bruno Lima']));
    // Debounced: one request for the whole term, none per key.
    expect(api.listWorkspaceMembers.mock.calls.map(([params]) => (params as { content: string }).content)).toEqual(['', 'sao paulo']);
    await user.clear(search);
    await user.type(search, 'CARLA');
    await waitFor(() => expect(rowNames()).toEqual(['Carla Dias']));
    await user.type(search, 'zzz');
    expect(await screen.findByText('Nenhum membro foi encontrado')).toBeInTheDocument();
  });

  it('with 5,000 members draws the first rows of the first page only, and the count with thousands', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => person(`u${i}`, `Pessoa ${String(i).padStart(4, '0')}`, `p${i}`));
    renderPage(ALL, [], { workspace: { ...workspace, membersCount: 5000, limitOfMembers: 0, members: many.slice(0, 50) }, members: many });
    await screen.findByText('Pessoa 0000');
    await waitFor(() => expect(screen.getByLabelText('Membros / limite')).toHaveTextContent('5.000 membros'));
    expect(memberRows().length).toBeGreaterThan(10);
    expect(memberRows().length).toBeLessThan(50);
    expect(screen.queryByText('Pessoa 0049')).toBeNull();
    expect(api.listWorkspaceMembers).toHaveBeenCalledTimes(1);
  });

  it('asks for the next page when the last rows come into view, until the last page', async () => {
    const some = Array.from({ length: 25 }, (_, i) => person(`u${i}`, `Pessoa ${String(i).padStart(2, '0')}`, `p${i}`));
    renderPage(ALL, [], { members: some, pageSize: 10 });
    await waitFor(() => expect(memberRows()).toHaveLength(25));
    expect(api.listWorkspaceMembers.mock.calls.map(([params]) => (params as { cursor: string | null }).cursor)).toEqual([null, '10', '20']);
    expect(rowNames().at(-1)).toBe('Pessoa 24');
  });

  it("hides the edit buttons, 'Criar Conta' and the polygons section without their flags", async () => {
    const user = renderPage([]);
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(screen.queryByText('Poligonais')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Adicionar membro/ }));
    expect(await screen.findByRole('menuitem', { name: 'Convidar membro' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Criar Conta' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Entrada pela conta da empresa' })).toBeNull();
    expect(api.getWorkspaceSso).not.toHaveBeenCalled();
  });

  it('with admin_sso, the admin configures the sign-in with the company account of their own workspace', async () => {
    const redirectUri = 'https://papo.empresa.com.br/api/sso/callback';
    api.getWorkspaceSso.mockImplementation(() => ok({ redirectUri, config: null }));
    api.saveWorkspaceSso.mockImplementation((_id: string, body: object) =>
      ok({ redirectUri, config: { ...body, clientSecretPreview: '••••6789', redirectUri, signInUrl: 'x' } }),
    );
    const user = renderPage([...ALL, 'admin_sso']);
    const section = await screen.findByRole('region', { name: 'Entrada pela conta da empresa' });
    expect(await within(section).findByText(redirectUri)).toBeInTheDocument();
    expect(api.getWorkspaceSso).toHaveBeenCalledWith('w1');
    await user.type(screen.getByLabelText('Endereço do provedor (issuer)'), 'https://login.empresa.com.br');
    await user.type(screen.getByLabelText('Identificador do cliente'), 'papo');
    await user.type(screen.getByLabelText('Segredo do cliente'), 'segredo-123456789');
    await user.type(screen.getByLabelText('Domínios de e-mail permitidos'), 'empresa.com.br');
    await user.click(within(section).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.saveWorkspaceSso).toHaveBeenCalledTimes(1));
    expect(api.saveWorkspaceSso.mock.calls[0]).toEqual([
      'w1',
      expect.objectContaining({ slug: 'equipe-demo', issuer: 'https://login.empresa.com.br', allowedDomains: ['empresa.com.br'] }),
    ]);
    expect(await screen.findByText('Guardado: ••••6789. Deixe vazio para manter.')).toBeInTheDocument();
  });

  it('edit sends only the filled fields and the polygon change; the server message shows on a collision', async () => {
    const user = renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Editar Carla Dias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar membro' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'São Paulo' })).toBeInTheDocument());

    api.updateMember.mockRejectedValueOnce(Object.assign(new Error('409'), { isApiError: true }));
    await user.type(within(dialog).getByLabelText('Apelido'), 'bruno');
    await user.selectOptions(within(dialog).getByLabelText('Poligonal'), 'São Paulo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(api.updateMember).toHaveBeenCalledExactlyOnceWith('u-carla', { nickName: 'bruno', neoCustomDataId: 'p-sp' });
    expect(ui.toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
  });

  it("an unchanged edit form alerts 'Nenhuma alteração foi feita' and calls nothing", async () => {
    const user = renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Editar Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar membro' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(ui.toast).toHaveBeenCalledWith({ type: 'alert', title: 'Nenhuma alteração foi feita' });
    expect(api.updateMember).not.toHaveBeenCalled();
  });

  it('removes a member after the confirmation and reloads the team', async () => {
    api.removeMember.mockImplementation(() => {
      serveMembers([ana, bruno]);
      return ok({ message: 'Membro removido com sucesso' });
    });
    const user = renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Remover Carla Dias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover membro' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover membro' }));
    expect(api.removeMember).toHaveBeenCalledWith('u-carla');
    expect(ui.toast).toHaveBeenCalledWith({ type: 'success', title: 'Sucesso', description: 'Membro removido com sucesso' });
    await waitFor(() => expect(rowNames()).toEqual(['Ana Souza', 'Bruno Lima']));
    await waitFor(() => expect(api.getWorkspaceByAdmin).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(api.listWorkspaceMembers).toHaveBeenCalledTimes(2));
  });

  it('removes a member with their data when the admin asks for it, messages included', async () => {
    api.removeMember.mockImplementation(() => {
      serveMembers([ana, bruno]);
      return ok({ message: 'Membro removido com sucesso' });
    });
    const user = renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Remover Carla Dias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover membro' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Apagar também as mensagens e os arquivos dela, para todos' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Excluir também os dados do membro' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Apagar também as mensagens e os arquivos dela, para todos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remover e excluir dados' }));
    expect(api.removeMember).toHaveBeenCalledWith('u-carla', { eraseData: true, deleteMessages: true });
    await waitFor(() => expect(rowNames()).toEqual(['Ana Souza', 'Bruno Lima']));
  });

  it("a member's new profile from the socket ('user:updated') replaces their row", async () => {
    renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    act(() => eventBus.emit('user:updated', { ...carla, name: 'Carla Nunes' }));
    expect(await within(memberRows()[2]!).findByText('Carla Nunes')).toBeInTheDocument();
    expect(api.getWorkspaceByAdmin).toHaveBeenCalledTimes(1);
    expect(api.listWorkspaceMembers).toHaveBeenCalledTimes(1);
  });

  it('shows pending invites with resend and cancel', async () => {
    api.cancelInvite.mockImplementation(() => ok({ message: 'Convite cancelado com sucesso' }));
    const user = renderPage();
    const invites = await screen.findByRole('list', { name: 'Convites pendentes' });
    expect(within(invites).getByText('nova@demo.chat')).toBeInTheDocument();
    await user.click(within(invites).getByRole('button', { name: 'Cancelar convite para nova@demo.chat' }));
    expect(api.cancelInvite).toHaveBeenCalledWith('i1');
    await user.click(within(invites).getByRole('button', { name: 'Reenviar convite para nova@demo.chat' }));
    expect(api.inviteUser).toHaveBeenCalledWith({ email: 'nova@demo.chat' });
  });

  it('a team of one with nobody invited offers the invite button', async () => {
    const user = renderPage(ALL, [], { workspace: { ...workspace, membersCount: 1, members: [ana] }, members: [ana], invites: [] });
    await user.click(await screen.findByRole('button', { name: 'Convidar membro' }));
    expect(await screen.findByRole('dialog', { name: 'Convidar membro' })).toBeInTheDocument();
  });

  it('a team with members or invites shows no invite prompt', async () => {
    renderPage();
    await waitFor(() => expect(memberRows()).toHaveLength(3));
    expect(screen.queryByText(/Você ainda é o único membro/)).toBeNull();
  });

  it("copies an invite's link and says 'Link copiado'", async () => {
    const user = renderPage();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const invites = await screen.findByRole('list', { name: 'Convites pendentes' });
    await user.click(within(invites).getByRole('button', { name: 'Copiar link do convite para nova@demo.chat' }));
    expect(writeText).toHaveBeenCalledWith(INVITE_LINK);
    await waitFor(() => expect(ui.toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Link copiado' })));
    expect(await navigator.clipboard.readText()).toBe(INVITE_LINK);
  });

  it('lists polygons with member counts', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Poligonais' });
    expect(within(list).getByRole('listitem', { name: 'São Paulo' })).toHaveTextContent('1 membro');
  });

  it("says 'Nenhuma poligonal encontrada' when there are none", async () => {
    renderPage(ALL, []);
    expect(await screen.findByText('Nenhuma poligonal encontrada')).toBeInTheDocument();
  });

  it('creates a polygon with the form validated by the contracts schema', async () => {
    api.createPolygon.mockImplementation(() => ok({ id: 'p-n', name: 'Norte' }));
    const user = renderPage();
    await screen.findByRole('list', { name: 'Poligonais' });
    await user.click(screen.getByRole('button', { name: /Nova poligonal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova poligonal' });
    await user.type(within(dialog).getByLabelText('Nome'), 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Mínimo de 3 caracteres')).toBeInTheDocument();
    expect(api.createPolygon).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Nome'), 'rte');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(api.createPolygon).toHaveBeenCalledWith({ name: 'Norte' });
    expect(ui.toast).toHaveBeenCalledWith({ type: 'success', title: 'Sucesso', description: 'Poligonal criada com sucesso' });
  });
});

describe('retention and the activity log', () => {
  it('shows the workspace’s retention, saves a new window, and links to the activity log', async () => {
    api.saveRetentionPolicy.mockImplementation(() => ok({ messageRetentionDays: 90 }));
    const user = renderPage();
    const field = await screen.findByLabelText('Manter mensagens por (dias)');
    await waitFor(() => expect(field).toHaveValue(0));
    await user.clear(field);
    await user.type(field, '90');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.saveRetentionPolicy).toHaveBeenCalledWith({ messageRetentionDays: 90 }));
    expect(screen.getByRole('link', { name: 'Registro de atividades' })).toHaveAttribute('href', '/auth/team/atividades');
  });
});
