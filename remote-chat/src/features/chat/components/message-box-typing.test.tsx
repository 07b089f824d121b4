import { screen } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageBox } from './message-box';

describe('message box and the typing signal', () => {
  it('reports every change of the text, including the cleared box after sending', async () => {
    const onTextChange = vi.fn();
    renderWithQuery(<MessageBox onSend={vi.fn()} onTextChange={onTextChange} />);
    await userEvent.type(screen.getByPlaceholderText('Digite uma mensagem...'), 'oi{Enter}');
    expect(onTextChange.mock.calls.map(([text]) => text)).toEqual(['o', 'oi', '']);
  });
});
