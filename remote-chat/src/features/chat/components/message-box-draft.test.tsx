import { screen } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageBox } from './message-box';

// The box shows the chat's saved draft and reports every change to be saved.

const box = () => screen.getByPlaceholderText('Digite uma mensagem...') as HTMLTextAreaElement;
const BRUNO = '5b0f3c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f';
const people = [{ id: BRUNO, name: 'Bruno', nickName: 'bruno' }];
const nameOf = (id: string) => people.find((p) => p.id === id)?.name;

describe('message box drafts', () => {
  it('puts the draft in the box once it is read, mentions back as names', () => {
    const { rerender } = renderWithQuery(<MessageBox onSend={vi.fn()} nameOf={nameOf} />);
    expect(box().value).toBe('');
    rerender(<MessageBox onSend={vi.fn()} nameOf={nameOf} draft={`oi <@${BRUNO}>, tudo bem?`} />);
    expect(box().value).toBe('oi @Bruno, tudo bem?');
  });

  it('reports what would be sent on each change, and an empty box after sending', async () => {
    const onDraftChange = vi.fn();
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} onDraftChange={onDraftChange} />);
    await userEvent.type(box(), 'olá');
    expect(onDraftChange).toHaveBeenLastCalledWith('olá');
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith('olá', []);
    expect(onDraftChange).toHaveBeenLastCalledWith('');
  });

  it('does not replace what the user already typed with a late draft', async () => {
    const { rerender } = renderWithQuery(<MessageBox onSend={vi.fn()} />);
    await userEvent.type(box(), 'novo');
    rerender(<MessageBox onSend={vi.fn()} draft="antigo" />);
    expect(box().value).toBe('novo');
  });
});
