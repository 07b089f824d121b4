import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { TOUCH_TYPING_QUERY } from '../../../shared/use-touch-typing';
import { MessageBox } from './message-box';

const box = () => screen.getByPlaceholderText('Digite uma mensagem...') as HTMLTextAreaElement;

/** A device whose media queries answer as a phone's (touch only) or a computer's. */
function deviceIs(kind: 'touch' | 'keyboard') {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: kind === 'touch' && query === TOUCH_TYPING_QUERY,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('message box Enter by device kind', () => {
  it('on a touch screen Enter adds a line and the send button sends', async () => {
    deviceIs('touch');
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} />);
    await user.type(box(), 'linha 1{Enter}linha 2');
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('linha 1\nlinha 2');
    expect(box()).toHaveAttribute('enterkeyhint', 'enter');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('linha 1\nlinha 2', []);
    expect(box().value).toBe('');
  });

  it('on a touch screen the edit is saved by its button, not by Enter', async () => {
    deviceIs('touch');
    const user = userEvent.setup();
    const onSaveEdit = vi.fn();
    renderWithQuery(<MessageBox onSend={vi.fn()} editing={{ id: 'm1', body: 'oi' }} onSaveEdit={onSaveEdit} />);
    await screen.findByDisplayValue('oi');
    await user.type(box(), '{Enter}tudo bem?');
    expect(onSaveEdit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSaveEdit).toHaveBeenCalledWith('m1', 'oi\ntudo bem?', []);
  });

  it('with a keyboard Enter sends and Shift+Enter adds a line', async () => {
    deviceIs('keyboard');
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithQuery(<MessageBox onSend={onSend} />);
    await user.type(box(), 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveAttribute('enterkeyhint', 'send');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('linha 1\nlinha 2', []);
  });
});
