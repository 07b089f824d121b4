import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MessageSearchHit } from '@chat/contracts';
import { identityColor } from '@chat/ui';
import { MessageHits } from './message-hits';

function hit(chat: MessageSearchHit['chat']): MessageSearchHit {
  return {
    id: `m-${chat.id}`,
    chat,
    author: { id: 'u-ana', name: 'Ana', avatarUrl: null },
    createdAt: '2026-12-07T10:00:00.000Z',
    body: 'reunião amanhã',
    type: 'text',
  };
}

describe('MessageHits', () => {
  it('colours a conversation by the other person and a group by its own id, as the list does', () => {
    const hits = [
      hit({ kind: 'conversation', id: 'c-1', name: 'Bruno', avatarUrl: null, peerId: 'u-bruno' }),
      hit({ kind: 'group', id: 'g-1', name: 'Projeto', avatarUrl: null, peerId: null }),
    ];
    render(<MessageHits term="reunião" hits={hits} hasMore={false} loading={false} onOpen={vi.fn()} onMore={vi.fn()} />);
    const background = (name: string) => (screen.getByRole('img', { name }) as HTMLElement).style.backgroundColor;
    const expected = (key: string) => {
      const probe = document.createElement('span');
      probe.style.backgroundColor = identityColor(key);
      return probe.style.backgroundColor;
    };
    expect(background('Bruno')).toBe(expected('u-bruno'));
    expect(background('Bruno')).not.toBe(expected('c-1'));
    expect(background('Projeto')).toBe(expected('g-1'));
  });

  it('marks a file found by its name, and highlights the name', () => {
    const file = {
      ...hit({ kind: 'group', id: 'g-1', name: 'Projeto', avatarUrl: null, peerId: null }),
      body: 'Relatório final.pdf',
      type: 'file' as const,
    };
    render(<MessageHits term="relatorio" hits={[file]} hasMore={false} loading={false} onOpen={vi.fn()} onMore={vi.fn()} />);
    expect(screen.getByRole('img', { name: 'Arquivo' })).toBeInTheDocument();
    expect(screen.getByText('Relatório', { selector: 'mark' })).toBeInTheDocument();
  });
});
