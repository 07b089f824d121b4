import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageBox, textareaRows } from './message-box';

const box = () => screen.getByPlaceholderText('Digite uma mensagem...') as HTMLTextAreaElement;

describe('message box (SPEC section 2)', () => {
  it('sends the trimmed text on Enter and clears the box', async () => {
    const onSend = vi.fn();
    render(<MessageBox onSend={onSend} />);
    await userEvent.type(box(), '  olá mundo {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('olá mundo');
    expect(box().value).toBe('');
  });

  it('adds a line on Shift+Enter without sending', async () => {
    const onSend = vi.fn();
    render(<MessageBox onSend={onSend} />);
    await userEvent.type(box(), 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('linha 1\nlinha 2');
  });

  it('does not send blank text', async () => {
    const onSend = vi.fn();
    render(<MessageBox onSend={onSend} />);
    await userEvent.type(box(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('grows from 2 to 4 rows with the line count', async () => {
    render(<MessageBox onSend={vi.fn()} />);
    expect(box().rows).toBe(2);
    await userEvent.type(box(), 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c');
    expect(box().rows).toBe(3);
    await userEvent.type(box(), '{Shift>}{Enter}{Enter}{Enter}{/Shift}d');
    expect(box().rows).toBe(4);
    expect([textareaRows(''), textareaRows('a\nb'), textareaRows('1\n2\n3\n4\n5\n6')]).toEqual([2, 2, 4]);
  });

  it('shows the send button only with text, else the image button', async () => {
    render(<MessageBox onSend={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar imagem' })).toBeInTheDocument();
    await userEvent.type(box(), 'oi');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar imagem' })).toBeNull();
  });

  it('refuses more than 2000 characters with the contract message', async () => {
    const onSend = vi.fn();
    render(<MessageBox onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('Mensagem deve ter no máximo 2000 caracteres');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box(), { target: { value: 'a'.repeat(2000) } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('a'.repeat(2000));
  });
});
