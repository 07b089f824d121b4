import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { ana, message } from '../../../test/fixtures';
import { MessageBubble } from './message-bubble';

describe("an integration's message", () => {
  it("shows the webhook's name with the 'bot' badge, and no profile to open", () => {
    const onOpenAuthor = vi.fn();
    renderWithQuery(
      <MessageBubble
        message={message('b1', { authorId: 'hook-1', author: { id: 'hook-1', name: 'CI', avatarUrl: null }, bot: true })}
        own={false}
        meId={ana.id}
        showAuthor
        onOpenAuthor={onOpenAuthor}
      />,
    );
    expect(screen.getByText('bot')).toBeInTheDocument();
    expect(screen.getByText('CI')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CI/ })).toBeNull();
  });
});
