import { identityTextColor } from '@chat/ui';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ana, message } from '../../../test/fixtures';
import { MessageBubble } from './message-bubble';

const mine = (extra = {}) =>
  message('m1', { authorId: ana.id, author: { id: ana.id, name: 'Ana', avatarUrl: null }, clientId: 'cid', ...extra });

describe('message bubble', () => {
  it.each([
    ['PENDING', 'Enviando'],
    ['SENT', 'Enviada'],
    ['DELIVERED', 'Entregue'],
    ['READ', 'Lida'],
  ] as const)('shows the %s tick on my messages', (status, label) => {
    renderWithQuery(<MessageBubble message={mine({ status })} own meId={ana.id} showAuthor={false} />);
    expect(screen.getByRole('img', { name: label })).toHaveAttribute('data-status', status);
  });

  it("offers 'Tentar novamente' on a failed send, with its clientId", () => {
    const onRetry = vi.fn();
    renderWithQuery(
      <MessageBubble message={{ ...mine({ status: 'PENDING' }), failed: true }} own meId={ana.id} showAuthor={false} onRetry={onRetry} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledWith('cid');
  });

  it("copies the text with 'Copiar'", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithQuery(
      <MessageBubble message={mine({ content: { id: 'x', body: 'copie *isto*', type: 'text' } })} own meId={ana.id} showAuthor={false} />,
    );
    await user.click(screen.getByRole('button', { name: 'Mais opções' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('copie *isto*');
  });

  it('shows images inline, but never a javascript: source', () => {
    const { container, rerender } = renderWithQuery(
      <MessageBubble
        message={message('i', { content: { id: 'x', body: 'https://h/media/a.png', type: 'image' } })}
        own={false}
        meId={ana.id}
        showAuthor={false}
      />,
    );
    expect(container.querySelector('img[src="https://h/media/a.png"]')).not.toBeNull();
    rerender(
      <MessageBubble
        message={message('i', { content: { id: 'x', body: 'javascript:alert(1)', type: 'image' } })}
        own={false}
        meId={ana.id}
        showAuthor={false}
      />,
    );
    expect(container.querySelector('img[src^="javascript"]')).toBeNull();
  });

  it("reads 'Mensagem apagada' in italics, or 'por um administrador', with no actions left", () => {
    const { rerender } = renderWithQuery(
      <MessageBubble
        message={mine({ deletedAt: '2024-03-10T12:01:00.000Z', deletedBy: 'author', content: { id: 'x', body: '', type: 'text' } })}
        own
        meId={ana.id}
        showAuthor={false}
      />,
    );
    expect(screen.getByText('Mensagem apagada').tagName).toBe('P');
    expect(screen.queryByRole('button', { name: 'Mais opções' })).toBeNull();
    rerender(
      <MessageBubble
        message={message('o', { deletedAt: '2024-03-10T12:01:00.000Z', deletedBy: 'admin', content: { id: 'x', body: '', type: 'text' } })}
        own={false}
        meId={ana.id}
        showAuthor={false}
      />,
    );
    expect(screen.getByText('Mensagem apagada por um administrador')).toBeInTheDocument();
  });

  it("shows '(editada)' with the edit time on hover", () => {
    renderWithQuery(<MessageBubble message={mine({ editedAt: '2024-03-10T12:05:00.000Z' })} own meId={ana.id} showAuthor={false} />);
    expect(screen.getByText('(editada)')).toHaveAttribute('title', expect.stringMatching(/^Editada em 10\/03\/2024 \d\d:05$/));
  });

  it('offers Responder, Reagir, Editar, Informações and Apagar on my group text; only Copiar, Responder and Reagir on others’', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const { unmount } = renderWithQuery(
      <MessageBubble message={mine()} own meId={ana.id} showAuthor={false} canShowInfo onAction={onAction} />,
    );
    await user.click(screen.getByRole('button', { name: 'Mais opções' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Copiar', 'Responder', 'Reagir', 'Editar', 'Informações', 'Apagar']);
    await user.click(screen.getByRole('menuitem', { name: 'Editar' }));
    expect(onAction).toHaveBeenCalledWith('edit', expect.objectContaining({ id: 'm1' }));
    unmount();
    renderWithQuery(<MessageBubble message={message('o')} own={false} meId={ana.id} showAuthor={false} />);
    await user.click(screen.getByRole('button', { name: 'Mais opções' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Copiar', 'Responder', 'Reagir']);
  });

  it("names a group message's author once per run: the later ones keep only the avatar's place", () => {
    const { unmount } = renderWithQuery(<MessageBubble message={message('o')} own={false} meId={ana.id} showAuthor />);
    expect(screen.getByRole('button', { name: 'Bruno' }).style.color).toBe(identityTextColor(message('o').authorId));
    expect(screen.getByRole('img', { name: 'Bruno' })).toBeInTheDocument();
    unmount();
    renderWithQuery(<MessageBubble message={message('p')} own={false} meId={ana.id} showAuthor continuesRun />);
    expect(screen.queryByRole('button', { name: 'Bruno' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Bruno' })).toBeNull();
    expect(screen.getByTestId('message')).toHaveAttribute('data-continues-run');
  });

  it('shows the reply quote (a click jumps) and the reaction chips with mine highlighted', async () => {
    const user = userEvent.setup();
    const onJump = vi.fn();
    const onReact = vi.fn();
    const replied = message('o', {
      replyTo: { id: 'q1', authorId: 'u2', authorName: 'Bruno', body: 'primeira\nsegunda', type: 'text', deleted: false },
      reactions: [
        {
          emoji: '👍',
          users: [
            { id: ana.id, name: 'Ana' },
            { id: 'u2', name: 'Bruno' },
          ],
        },
        { emoji: '😂', users: [{ id: 'u2', name: 'Bruno' }] },
      ],
    });
    renderWithQuery(<MessageBubble message={replied} own={false} meId={ana.id} showAuthor={false} onJump={onJump} onReact={onReact} />);
    await user.click(screen.getByRole('button', { name: /primeira/ }));
    expect(onJump).toHaveBeenCalledWith('q1');
    expect(screen.queryByText(/segunda/)).toBeNull();
    const mineChip = screen.getByRole('button', { name: '👍 2: Você, Bruno' });
    expect(mineChip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '😂 1: Bruno' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(mineChip);
    expect(onReact).toHaveBeenCalledWith(replied, '👍');
  });
});
