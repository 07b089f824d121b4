import { fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageBox, textareaRows } from './message-box';

const box = () => screen.getByPlaceholderText('Digite uma mensagem...') as HTMLTextAreaElement;

describe('message box', () => {
  it('sends the trimmed text on Enter and clears the box', async () => {
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} />);
    await userEvent.type(box(), '  olá mundo {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('olá mundo', []);
    expect(box().value).toBe('');
  });

  it('adds a line on Shift+Enter without sending', async () => {
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} />);
    await userEvent.type(box(), 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('linha 1\nlinha 2');
  });

  it('does not send blank text', async () => {
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} />);
    await userEvent.type(box(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('grows from 2 to 4 rows with the line count', async () => {
    renderWithQuery(<MessageBox onSend={vi.fn()} />);
    expect(box().rows).toBe(2);
    await userEvent.type(box(), 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c');
    expect(box().rows).toBe(3);
    await userEvent.type(box(), '{Shift>}{Enter}{Enter}{Enter}{/Shift}d');
    expect(box().rows).toBe(4);
    expect([textareaRows(''), textareaRows('a\nb'), textareaRows('1\n2\n3\n4\n5\n6')]).toEqual([2, 2, 4]);
  });

  it('shows the send button only with text, else the microphone; the clip stays', async () => {
    renderWithQuery(<MessageBox onSend={vi.fn()} onSendVoiceNote={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Gravar mensagem de voz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anexar' })).toBeInTheDocument();
    await userEvent.type(box(), 'oi');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gravar mensagem de voz' })).toBeNull();
    // The field keeps its focus and text through the change of button.
    expect(box()).toHaveFocus();
    expect(box().value).toBe('oi');
  });

  it('refuses more than 2000 characters with the contract message', async () => {
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('Mensagem deve ter no máximo 2000 caracteres');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box(), { target: { value: 'a'.repeat(2000) } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('a'.repeat(2000), []);
  });
});

const BRUNO = '3f2504e0-4f89-41d3-9a0c-0305e82c3302';
const CARLA = '3f2504e0-4f89-41d3-9a0c-0305e82c3303';
const names = (id: string) => ({ [BRUNO]: 'Bruno Silva', [CARLA]: 'Carla' })[id];

describe('message box actions', () => {
  it("edit mode: the text comes in, 'Salvar' on Enter sends the edit, Escape or 'Cancelar' leaves it", async () => {
    const user = userEvent.setup();
    const onSaveEdit = vi.fn();
    const onCancelEdit = vi.fn();
    const { rerender } = renderWithQuery(
      <MessageBox
        onSend={vi.fn()}
        editing={{ id: 'm1', body: `oi <@${BRUNO}>` }}
        onSaveEdit={onSaveEdit}
        onCancelEdit={onCancelEdit}
        nameOf={names}
      />,
    );
    expect(await screen.findByDisplayValue('oi @Bruno Silva')).toBeInTheDocument();
    expect(screen.getByText('Editando mensagem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    await user.type(box(), ' tudo bem?{Enter}');
    expect(onSaveEdit).toHaveBeenCalledWith('m1', `oi <@${BRUNO}> tudo bem?`, [BRUNO]);
    rerender(<MessageBox onSend={vi.fn()} editing={{ id: 'm2', body: 'outra' }} onSaveEdit={onSaveEdit} onCancelEdit={onCancelEdit} />);
    await screen.findByDisplayValue('outra');
    const escape = fireEvent.keyDown(box(), { key: 'Escape' });
    expect(escape).toBe(false);
    expect(onCancelEdit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancelEdit).toHaveBeenCalledTimes(2);
  });

  it('the Up arrow in an empty box edits my last message; not with text in it', async () => {
    const onEditLast = vi.fn();
    renderWithQuery(<MessageBox onSend={vi.fn()} onEditLast={onEditLast} />);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(onEditLast).toHaveBeenCalledTimes(1);
    fireEvent.change(box(), { target: { value: 'x' } });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(onEditLast).toHaveBeenCalledTimes(1);
  });

  it('shows the reply quote with a close button', async () => {
    const user = userEvent.setup();
    const onCancelReply = vi.fn();
    renderWithQuery(
      <MessageBox
        onSend={vi.fn()}
        replyTo={{ id: 'q', authorId: BRUNO, authorName: 'Bruno Silva', body: 'linha 1\nlinha 2', type: 'text', deleted: false }}
        onCancelReply={onCancelReply}
      />,
    );
    expect(screen.getByText('linha 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar resposta' }));
    expect(onCancelReply).toHaveBeenCalled();
  });

  it("the '@' picker: filtered, chosen by the keyboard, sent as a token with its mention", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const members = [
      { id: 'todos', name: 'todos' },
      { id: BRUNO, name: 'Bruno Silva', nickName: 'bruno' },
      { id: CARLA, name: 'Carla', nickName: 'carlinha' },
    ];
    renderWithQuery(<MessageBox onSend={onSend} mentionable={members} nameOf={names} />);
    await user.type(box(), 'olá @car');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Carla@carlinha']);
    await user.keyboard('{Enter}');
    expect(box().value).toBe('olá @Carla ');
    await user.type(box(), 'e @');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Tab}!{Enter}');
    expect(onSend).toHaveBeenCalledWith(`olá <@${CARLA}> e <@${BRUNO}> !`, [CARLA, BRUNO]);
  });
});
