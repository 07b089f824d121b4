import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace, WorkspaceSummary } from '@chat/contracts';
import { ToastHost } from '@chat/ui';
import { renderWithQueryClient } from '@chat/ui/testing';
import { WorkspacesPage } from './workspaces-page';

const api = vi.hoisted(() => ({
  listWorkspaces: vi.fn(),
  getWorkspace: vi.fn(),
  createWorkspace: vi.fn(),
  updateWorkspace: vi.fn(),
  changeWorkspaceAdmin: vi.fn(),
  deleteWorkspace: vi.fn(),
  getWorkspaceDeletion: vi.fn(),
  listWorkspaceDeletions: vi.fn(() => Promise.resolve({ status: 200, data: [] })),
}));
// A server error carries its Portuguese message; anything else falls back to the product's text.
vi.mock('@chat/api-client', () => ({
  ...api,
  isTransientFailure: () => false,
  apiErrorMessage: (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback),
}));

const demo: WorkspaceSummary = {
  id: 'w1',
  name: 'Equipe Demo',
  description: 'Workspace de demonstração',
  admin: { id: 'u-ana', name: 'Ana Souza', email: 'ana@demo.chat' },
  membersCount: 4,
  limitOfMembers: 10,
  storageQuotaMb: 0,
  storageUsedBytes: 0,
  refuseExecutables: false,
  features: ['polygonal', 'create_members', 'edit_members'],
  createdAt: '2026-01-01T00:00:00.000Z',
};
const vendas: WorkspaceSummary = {
  ...demo,
  storageQuotaMb: 500,
  storageUsedBytes: 500 * 1024 * 1024,
  id: 'w2',
  name: 'Vendas',
  description: '',
  limitOfMembers: 0,
  membersCount: 1,
  admin: { id: 'u-rui', name: 'Rui', email: 'rui@x.chat' },
};
const demoFull: Workspace = { ...demo, members: [] };
const ok = <T,>(data: T) => Promise.resolve({ status: 200, data });

function renderPage() {
  return renderWithQueryClient(
    <>
      <WorkspacesPage />
      <ToastHost />
    </>,
  );
}

const cards = () => within(screen.getByRole('list', { name: 'Workspaces' })).getAllByRole('button');

afterEach(() => vi.clearAllMocks());

describe('/root/workspaces', () => {
  it('shows a card per workspace after loading: name, description, admin, n / limite and storage', async () => {
    api.listWorkspaces.mockReturnValue(ok([demo, vendas]));
    renderPage();
    expect(screen.getByLabelText('Carregando workspaces')).toBeInTheDocument();
    await screen.findByText('Equipe Demo');
    expect(cards().map((c) => c.textContent)).toEqual([
      'Criar Workspace',
      'Equipe DemoWorkspace de demonstraçãoAna Souza4 / 10 membros0 MB',
      'VendasSem descriçãoRui1 membro500 MB de 500 MB',
    ]);
  });

  it('an empty list keeps the create card and explains what to do', async () => {
    api.listWorkspaces.mockReturnValue(ok([]));
    renderPage();
    expect(await screen.findByText(/Nenhum workspace cadastrado ainda/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar Workspace' })).toBeInTheDocument();
  });

  it('a failed list shows the error toast and a retry', async () => {
    api.listWorkspaces.mockRejectedValueOnce(new Error('')).mockReturnValue(ok([demo]));
    renderPage();
    expect(await screen.findByText('Erro ao listar workspaces')).toBeInTheDocument();
    expect(screen.getByText('Erro Desconhecido')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Equipe Demo')).toBeInTheDocument();
  });
});

describe('create modal', () => {
  it('validates with the contracts’ messages and sends nothing while invalid', async () => {
    api.listWorkspaces.mockReturnValue(ok([]));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Criar Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Workspace' });
    await userEvent.type(within(dialog).getByLabelText('E-mail do administrador'), 'marta');
    await userEvent.clear(within(dialog).getByLabelText('Limite de membros'));
    await userEvent.type(within(dialog).getByLabelText('Limite de membros'), '1001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Workspace' }));
    expect(await within(dialog).findByText('E-mail do administrador é inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('Limite de membros deve ser entre 0 e 1000')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Mínimo de 2 caracteres')).toHaveLength(2);
    expect(api.createWorkspace).not.toHaveBeenCalled();
  });

  it('creates with the chosen features, closes, toasts and reloads the grid', async () => {
    api.listWorkspaces.mockReturnValueOnce(ok([])).mockReturnValue(ok([vendas]));
    api.createWorkspace.mockReturnValue(ok(demoFull));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Criar Workspace' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Nome'), 'Vendas');
    await userEvent.type(within(dialog).getByLabelText('Nome do administrador'), 'Rui Costa');
    await userEvent.type(within(dialog).getByLabelText('E-mail do administrador'), 'Rui@X.chat');
    // New workspaces start with the default features; ROOT turns one off and another on.
    expect(within(dialog).getByRole('switch', { name: 'Poligonais' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Poligonais' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Bloquear dados pessoais' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Workspace' }));
    await waitFor(() => expect(api.createWorkspace).toHaveBeenCalledTimes(1));
    expect(api.createWorkspace).toHaveBeenCalledWith({
      name: 'Vendas',
      description: '',
      adminName: 'Rui Costa',
      adminEmail: 'rui@x.chat',
      limitOfMembers: 0,
      storageQuotaMb: 0,
      features: ['create_members', 'edit_members', 'disable_edit_personal_info'],
    });
    expect(await screen.findByText('Workspace criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Vendas')).toBeInTheDocument();
  });

  it('keeps the modal open with the server’s message when creation fails', async () => {
    api.listWorkspaces.mockReturnValue(ok([]));
    api.createWorkspace.mockRejectedValue(new Error('E-mail já cadastrado'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Criar Workspace' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Nome'), 'Vendas');
    await userEvent.type(within(dialog).getByLabelText('Nome do administrador'), 'Ana');
    await userEvent.type(within(dialog).getByLabelText('E-mail do administrador'), 'ana@demo.chat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Workspace' }));
    expect(await screen.findByText('Erro ao criar workspace')).toBeInTheDocument();
    expect(screen.getByText('E-mail já cadastrado')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('edit modal', () => {
  async function openDemo() {
    api.listWorkspaces.mockReturnValue(ok([demo]));
    api.getWorkspace.mockReturnValue(ok(demoFull));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Equipe Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Workspace' });
    await within(dialog).findByDisplayValue('Equipe Demo');
    return dialog;
  }

  it('loads the workspace, disables adminName and updates without change-admin when the e-mail is the same', async () => {
    api.updateWorkspace.mockReturnValue(ok(demoFull));
    const dialog = await openDemo();
    expect(api.getWorkspace).toHaveBeenCalledWith('w1');
    expect(within(dialog).getByLabelText('Nome do administrador')).toBeDisabled();
    expect(within(dialog).getByLabelText('Nome do administrador')).toHaveValue('Ana Souza');
    await userEvent.clear(within(dialog).getByLabelText('Limite de membros'));
    await userEvent.type(within(dialog).getByLabelText('Limite de membros'), '20');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Poligonais' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.updateWorkspace).toHaveBeenCalledTimes(1));
    expect(api.changeWorkspaceAdmin).not.toHaveBeenCalled();
    expect(api.updateWorkspace).toHaveBeenCalledWith('w1', {
      name: 'Equipe Demo',
      description: 'Workspace de demonstração',
      limitOfMembers: 20,
      storageQuotaMb: 0,
      features: ['create_members', 'edit_members'],
    });
    expect(await screen.findByText('Workspace atualizado com sucesso')).toBeInTheDocument();
  });

  it('a limit above 1000 needs the "limite ampliado" box; a workspace saved above it opens with the box checked', async () => {
    api.updateWorkspace.mockReturnValue(ok(demoFull));
    const dialog = await openDemo();
    const limit = within(dialog).getByLabelText('Limite de membros');
    const box = within(dialog).getByRole('checkbox', { name: 'Limite ampliado (mais de 1.000 membros)' });
    expect(box).not.toBeChecked();
    await userEvent.clear(limit);
    await userEvent.type(limit, '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Limite de membros deve ser entre 0 e 1000')).toBeInTheDocument();
    expect(api.updateWorkspace).not.toHaveBeenCalled();
    await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.updateWorkspace).toHaveBeenCalledTimes(1));
    expect(api.updateWorkspace).toHaveBeenCalledWith('w1', expect.objectContaining({ limitOfMembers: 5000 }));
  });

  it('keeps a limit above 1000 as it is when saving something else', async () => {
    const big = { ...demoFull, limitOfMembers: 5000, membersCount: 4200 };
    api.listWorkspaces.mockReturnValue(ok([{ ...demo, limitOfMembers: 5000, membersCount: 4200 }]));
    api.getWorkspace.mockReturnValue(ok(big));
    api.updateWorkspace.mockReturnValue(ok(big));
    renderPage();
    expect(await screen.findByText('4.200 / 5.000 membros')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Equipe Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Workspace' });
    await waitFor(() => expect(within(dialog).getByLabelText('Limite de membros')).toHaveValue(5000));
    expect(within(dialog).getByRole('checkbox', { name: 'Limite ampliado (mais de 1.000 membros)' })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Nome'), ' Grande');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.updateWorkspace).toHaveBeenCalledTimes(1));
    expect(api.updateWorkspace).toHaveBeenCalledWith('w1', expect.objectContaining({ name: 'Equipe Demo Grande', limitOfMembers: 5000 }));
  });

  it('sets the storage quota beside the member limit, refusing a negative one in Portuguese', async () => {
    api.updateWorkspace.mockReturnValue(ok(demoFull));
    const dialog = await openDemo();
    const quota = within(dialog).getByLabelText('Cota de armazenamento (MB)');
    expect(quota).toHaveValue(0);
    expect(within(dialog).getByText('0 significa sem cota. Soma tudo o que os membros enviam. Em uso: 0 MB.')).toBeInTheDocument();
    await userEvent.clear(quota);
    await userEvent.type(quota, '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Cota de armazenamento deve ser entre 0 e 1048576 MB')).toBeInTheDocument();
    expect(api.updateWorkspace).not.toHaveBeenCalled();
    await userEvent.clear(quota);
    await userEvent.type(quota, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.updateWorkspace).toHaveBeenCalledTimes(1));
    expect(api.updateWorkspace).toHaveBeenCalledWith('w1', expect.objectContaining({ storageQuotaMb: 500, limitOfMembers: 10 }));
  });

  it('calls change-admin first when the e-mail changed, then the update', async () => {
    api.changeWorkspaceAdmin.mockReturnValue(ok(demoFull));
    api.updateWorkspace.mockReturnValue(ok(demoFull));
    const dialog = await openDemo();
    await userEvent.clear(within(dialog).getByLabelText('E-mail do administrador'));
    await userEvent.type(within(dialog).getByLabelText('E-mail do administrador'), 'Bruno@demo.chat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.updateWorkspace).toHaveBeenCalledTimes(1));
    expect(api.changeWorkspaceAdmin).toHaveBeenCalledWith('w1', { newAdminEmail: 'bruno@demo.chat' });
    expect(api.changeWorkspaceAdmin.mock.invocationCallOrder[0]).toBeLessThan(api.updateWorkspace.mock.invocationCallOrder[0]!);
  });

  it('skips the update when change-admin fails, with its fallback text', async () => {
    api.changeWorkspaceAdmin.mockRejectedValue(new Error(''));
    const dialog = await openDemo();
    await userEvent.clear(within(dialog).getByLabelText('E-mail do administrador'));
    await userEvent.type(within(dialog).getByLabelText('E-mail do administrador'), 'fora@x.chat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro desconhecido ao alterar o administrador do workspace')).toBeInTheDocument();
    expect(screen.getByText('Erro ao atualizar workspace')).toBeInTheDocument();
    expect(api.updateWorkspace).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Editar Workspace' })).toBeInTheDocument();
  });

  it('a failed load shows the fetch error title', async () => {
    api.listWorkspaces.mockReturnValue(ok([demo]));
    api.getWorkspace.mockRejectedValue(new Error('Workspace não encontrado'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Equipe Demo' }));
    expect(await screen.findByText('Erro ao buscar workspace')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível carregar o workspace.')).toBeInTheDocument();
  });
});

describe('reopening the edit modal', () => {
  it('loads the workspace again, so the form shows what the server holds now', async () => {
    api.listWorkspaces.mockReturnValue(ok([demo]));
    api.getWorkspace.mockReturnValueOnce(ok(demoFull)).mockReturnValue(ok({ ...demoFull, name: 'Equipe Renomeada' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Equipe Demo' }));
    await within(await screen.findByRole('dialog')).findByDisplayValue('Equipe Demo');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Editar Equipe Demo' }));
    expect(await within(await screen.findByRole('dialog')).findByDisplayValue('Equipe Renomeada')).toBeInTheDocument();
    expect(api.getWorkspace).toHaveBeenCalledTimes(2);
  });

  it('deletes a workspace once its exact name is typed, follows the job to the end and drops the card', async () => {
    api.listWorkspaces.mockReturnValueOnce(ok([demo, vendas])).mockReturnValue(ok([vendas]));
    // Once deleted, the workspace is not found: nothing may ask for it again.
    api.getWorkspace.mockReturnValueOnce(ok(demoFull)).mockRejectedValue(new Error('Workspace não encontrado'));
    const job = { id: 'd1', workspaceId: 'w1', status: 'pending', done: 0, total: 0 };
    api.deleteWorkspace.mockReturnValue(Promise.resolve({ status: 202, data: job }));
    api.getWorkspaceDeletion
      .mockReturnValueOnce(ok({ ...job, status: 'running', done: 4, total: 10 }))
      .mockReturnValue(ok({ ...job, workspaceId: null, status: 'done', done: 10, total: 10 }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Equipe Demo' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir workspace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir o workspace?' });
    const button = within(confirm).getByRole('button', { name: 'Excluir definitivamente' });
    await user.type(within(confirm).getByLabelText('Nome do workspace'), 'equipe demo');
    expect(button).toBeDisabled();
    await user.clear(within(confirm).getByLabelText('Nome do workspace'));
    await user.type(within(confirm).getByLabelText('Nome do workspace'), 'Equipe Demo');
    await user.click(button);
    expect(api.deleteWorkspace).toHaveBeenCalledWith('w1', { confirmName: 'Equipe Demo' });

    const progress = await screen.findByRole('dialog', { name: 'Excluindo o workspace' });
    expect(await within(progress).findByText('4 de 10 itens apagados')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByText('Workspace excluído')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([null, 'Editar Vendas']));
    expect(api.getWorkspace).toHaveBeenCalledTimes(1);
  });
});
