import { fireEvent, render, screen } from '@testing-library/react';
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
    render(<MessageBubble message={mine({ status })} own showAuthor={false} />);
    expect(screen.getByRole('img', { name: label })).toHaveAttribute('data-status', status);
  });

  it("offers 'Tentar novamente' on a failed send, with its clientId", () => {
    const onRetry = vi.fn();
    render(<MessageBubble message={{ ...mine({ status: 'PENDING' }), failed: true }} own showAuthor={false} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledWith('cid');
  });

  it("copies the text with 'Copiar'", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<MessageBubble message={mine({ content: { id: 'x', body: 'copie *isto*', type: 'text' } })} own showAuthor={false} />);
    await user.click(screen.getByRole('button', { name: 'Mais opções' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('copie *isto*');
  });

  it('shows images inline, but never a javascript: source', () => {
    const { container, rerender } = render(
      <MessageBubble message={message('i', { content: { id: 'x', body: 'https://h/media/a.png', type: 'image' } })} own={false} showAuthor={false} />,
    );
    expect(container.querySelector('img[src="https://h/media/a.png"]')).not.toBeNull();
    rerender(
      <MessageBubble message={message('i', { content: { id: 'x', body: 'javascript:alert(1)', type: 'image' } })} own={false} showAuthor={false} />,
    );
    expect(container.querySelector('img[src^="javascript"]')).toBeNull();
  });
});
