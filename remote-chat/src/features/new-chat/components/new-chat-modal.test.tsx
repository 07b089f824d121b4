import { screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, bruno, carla, group } from '../../../test/fixtures';
import { NewChatModal } from './new-chat-modal';

const api = vi.hoisted(() => ({ searchUsersInSameWorkspace: vi.fn(), createGroup: vi.fn(), getGroupCandidates: vi.fn() }));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderModal(openDirectChat = vi.fn().mockResolvedValue(true)) {
  api.searchUsersInSameWorkspace.mockResolvedValue({ status: 200, data: [ana, bruno, carla] });
  api.getGroupCandidates.mockResolvedValue({ status: 200, data: { users: [bruno, carla], nextCursor: null, total: 2 } });
  const onOpenChange = vi.fn();
  const onGroupCreated = vi.fn();
  renderWithQuery(
    <MemoryRouter initialEntries={['/auth/conversations']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Where />
              <NewChatModal
                open
                onOpenChange={onOpenChange}
                basePath="/auth/conversations"
                meId={ana.id}
                openDirectChat={openDirectChat}
                onGroupCreated={onGroupCreated}
              />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { openDirectChat, onOpenChange, onGroupCreated };
}

describe("'Novo' modal", () => {
  afterEach(() => vi.clearAllMocks());

  it("'Conversa' lists the workspace without me and opens the picked user's conversation", async () => {
    const { openDirectChat, onOpenChange } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Novo' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Bruno/ }));
    expect(within(dialog).queryByText('@ana')).toBeNull();
    expect(openDirectChat).toHaveBeenCalledWith(bruno.id);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("'Grupo' requires a name and creates the group with the picked members", async () => {
    const created = group('g9', { name: 'Novo grupo' });
    api.createGroup.mockResolvedValue({ status: 200, data: created });
    const { onGroupCreated } = renderModal();
    await userEvent.click(screen.getByRole('tab', { name: 'Grupo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Criar Grupo' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(api.createGroup).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Nome'), 'Novo grupo');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Carla' }));
    await userEvent.click(screen.getByRole('button', { name: 'Criar Grupo' }));
    await waitFor(() => expect(api.createGroup).toHaveBeenCalledWith({ name: 'Novo grupo', description: '', members: [carla.id] }));
    expect(onGroupCreated).toHaveBeenCalledWith(created);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/conversations/g9/group'));
  });
});
