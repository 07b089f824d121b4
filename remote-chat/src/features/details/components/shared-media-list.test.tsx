import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedMediaItem } from '@chat/contracts';
import { renderWithQuery } from '../../../test/render';
import { DetailsTabs } from './details-tabs';

const api = vi.hoisted(() => ({ getSharedMedia: vi.fn() }));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

const item = (n: number, extra: Partial<SharedMediaItem> = {}): SharedMediaItem => ({
  messageId: `m${n}`,
  type: 'file',
  url: `/media/files/${n}.pdf`,
  fileName: `Relatório ${n}.pdf`,
  size: 2048 * n,
  mimeType: 'application/pdf',
  author: { id: 'u-ana', name: 'Ana' },
  createdAt: '2026-03-05T12:00:00.000Z',
  ...extra,
});
const ok = <T,>(data: T) => Promise.resolve({ status: 200, data });

function renderTabs(onOpenMessage = vi.fn()) {
  renderWithQuery(
    <DetailsTabs chat="group" chatId="g1" first={{ label: 'Membros', content: <p>membros</p> }} onOpenMessage={onOpenMessage} />,
  );
  return onOpenMessage;
}

afterEach(() => vi.clearAllMocks());

describe("the details panel's 'Arquivos' and 'Mídia'", () => {
  it('fetches nothing until a tab opens, then lists the files newest first and jumps to one', async () => {
    api.getSharedMedia.mockImplementation(() => ok({ items: [item(2), item(1)], nextCursor: null }));
    const onOpen = renderTabs();
    expect(screen.getByText('membros')).toBeInTheDocument();
    expect(api.getSharedMedia).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Arquivos' }));
    const list = await screen.findByRole('list', { name: 'Arquivos' });
    expect(api.getSharedMedia).toHaveBeenCalledWith({ groupId: 'g1', kind: 'files' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Relatório 2.pdf4 KB · 05/03/2026 · Ana', 'Relatório 1.pdf2 KB · 05/03/2026 · Ana']);
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a mensagem: Relatório 1.pdf' }));
    expect(onOpen).toHaveBeenCalledWith('m1');
  });

  it('pages with the cursor', async () => {
    api.getSharedMedia
      .mockImplementationOnce(() => ok({ items: [item(3)], nextCursor: '30' }))
      .mockImplementationOnce(() => ok({ items: [item(2)], nextCursor: null }));
    renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Arquivos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mostrar mais' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Arquivos' })).getAllByRole('listitem')).toHaveLength(2));
    expect(api.getSharedMedia).toHaveBeenLastCalledWith({ groupId: 'g1', kind: 'files', before: '30' });
    expect(screen.queryByRole('button', { name: 'Mostrar mais' })).toBeNull();
  });

  it('shows images and videos as a grid of tiles', async () => {
    api.getSharedMedia.mockImplementation(() =>
      ok({
        items: [
          item(2, { type: 'file', fileName: 'férias.mp4', mimeType: 'video/mp4', url: '/media/files/2.mp4' }),
          item(1, { type: 'image', fileName: null, size: null, mimeType: null, url: '/media/files/1.png' }),
        ],
        nextCursor: null,
      }),
    );
    const onOpen = renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Mídia' }));
    const grid = await screen.findByRole('list', { name: 'Mídia' });
    expect(api.getSharedMedia).toHaveBeenCalledWith({ groupId: 'g1', kind: 'media' });
    expect(within(grid).getByText('férias.mp4')).toBeInTheDocument();
    const image = within(grid).getByRole('button', { name: 'Ir para a mensagem: Imagem enviada por Ana' });
    expect(image.querySelector('img')).toHaveAttribute('src', '/media/files/1.png');
    await userEvent.click(image);
    expect(onOpen).toHaveBeenCalledWith('m1');
  });

  it('says when nothing was shared', async () => {
    api.getSharedMedia.mockImplementation(() => ok({ items: [], nextCursor: null }));
    renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Mídia' }));
    expect(await screen.findByText('Nenhuma imagem ou vídeo compartilhado')).toBeInTheDocument();
  });
});
