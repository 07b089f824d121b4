import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, UploadRequestError } from '@chat/api-client';
import type { Message, SendMessageBody } from '@chat/contracts';
import { ana, message } from '../../test/fixtures';
import { resetLocalData } from '../../test/local-data';
import { ChatView } from '../chat/components/chat-view';

// An image message end to end inside the open chat: the picker, the upload checks, the three
// upload and send calls (API mocked at the api-client's functions), the PENDING bubble with its
// progress, and the failure texts of docs/produto.md, Textos que importam. Every image goes through
// the outbox, which keeps its file until the server has the message.

const api = vi.hoisted(() => ({
  getMessagesByConversation: vi.fn(),
  getMessagesByGroup: vi.fn(),
  sendMessage: vi.fn(),
  generatePublicMediaUrl: vi.fn(),
  uploadToSignedUrl: vi.fn(),
}));
vi.mock('@chat/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
const ui = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('@chat/ui', async (importOriginal) => ({ ...(await importOriginal<object>()), ...ui }));

const SIGNED = 'http://localhost:3000/media/avatars/9f3e-foto.png?expires=1700000300&signature=abc';
const PUBLIC = 'http://localhost:3000/media/avatars/9f3e-foto.png';
const me = { id: ana.id, name: ana.name, avatarUrl: null };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'foto.png', { type: 'image/png' });

const serverCopy = (body: SendMessageBody): Message =>
  message('m-img', {
    authorId: ana.id,
    author: { id: ana.id, name: ana.name, avatarUrl: null },
    content: { id: 'ct', body: body.content.body, type: 'image' },
    clientId: body.clientId,
    status: 'SENT',
  });

async function openChat() {
  const user = userEvent.setup({ applyAccept: false });
  renderWithQuery(<ChatView kind="conversation" chatId="c1" target={null} me={me} onTogglePanel={vi.fn()} onOpenAuthor={vi.fn()} />);
  await waitFor(() => expect(api.getMessagesByConversation).toHaveBeenCalled());
  /** Picks files with the image button's input; accepted ones are then sent from the preview. */
  const choose = (...files: File[]) => user.upload(screen.getByTestId('image-input') as HTMLInputElement, files);
  const pick = async (...files: File[]) => {
    await choose(...files);
    const send = screen.queryByRole('button', { name: 'Enviar' });
    if (send) await user.click(send);
  };
  return { user, pick, choose };
}

let previews = 0;
beforeAll(() => {
  // jsdom lays nothing out: a 600 px viewport for the virtualised list; no object URLs either.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
  URL.createObjectURL = vi.fn(() => `blob:preview-${(previews += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => vi.restoreAllMocks());

beforeEach(async () => {
  await resetLocalData(ana.id);
  vi.clearAllMocks();
  previews = 0;
  api.getMessagesByConversation.mockResolvedValue({ status: 200, data: { messages: [], hasMore: false } });
  api.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: SIGNED } });
  api.uploadToSignedUrl.mockResolvedValue({ status: 200, data: {} });
  api.sendMessage.mockImplementation(async (body: SendMessageBody) => ({ status: 201, data: serverCopy(body) }));
});

describe('image button', () => {
  it('opens the image file picker from the clip menu', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    const { user } = await openChat();
    const input = screen.getByTestId('image-input');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.click(screen.getByRole('button', { name: 'Anexar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Imagem' }));
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it.each([
    ['a text file', () => new File(['olá'], 'nota.txt', { type: 'text/plain' }), 'Tipo de arquivo inválido'],
    ['an SVG', () => new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }), 'Tipo de arquivo inválido'],
    [
      'an image over 10 MB',
      () => {
        const file = png();
        Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
        return file;
      },
      'Arquivo muito grande (máx 10MB)',
    ],
  ])('refuses %s with its alert and sends nothing', async (_name, make, alert) => {
    const { pick } = await openChat();
    await pick(make());
    expect(ui.toast).toHaveBeenCalledExactlyOnceWith({ type: 'alert', title: alert });
    expect(api.generatePublicMediaUrl).not.toHaveBeenCalled();
    expect(api.uploadToSignedUrl).not.toHaveBeenCalled();
    expect(api.sendMessage).not.toHaveBeenCalled();
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('takes an image of exactly 10 MB', async () => {
    const { pick } = await openChat();
    const file = png();
    Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 });
    await pick(file);
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalled());
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('sending an image', () => {
  it('shows a PENDING bubble with the preview and progress, then sends the public URL as an image message', async () => {
    const put = deferred<{ status: number; data: unknown }>();
    let onProgress: (percent: number) => void = () => undefined;
    api.uploadToSignedUrl.mockImplementation((_url: string, _file: File, options: { onProgress: (p: number) => void }) => {
      onProgress = options.onProgress;
      return put.promise;
    });
    const sent = deferred<{ status: number; data: Message }>();
    api.sendMessage.mockReturnValue(sent.promise);
    const { pick } = await openChat();
    await pick(png());

    // 1. the signed URL, 2. the PUT of the file to it, with the 60 s timeout. (The file is the
    // outbox's stored copy; jsdom's Blob does not survive fake-indexeddb's cloning, a browser's
    // does: packages/outbox and e2e/tests/outbox.spec.ts check the bytes.)
    await waitFor(() =>
      expect(api.uploadToSignedUrl).toHaveBeenCalledExactlyOnceWith(
        SIGNED,
        expect.anything(),
        expect.objectContaining({ timeoutMs: 60_000 }),
      ),
    );
    expect(api.generatePublicMediaUrl).toHaveBeenCalledExactlyOnceWith({
      fileName: 'foto.png',
      contentType: 'image/png',
      folder: 'avatars',
    });
    // (blob:preview-1 was the preview's, let go of once sent.)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    const image = screen.getByAltText('Imagem enviada por Ana');
    expect(image).toHaveAttribute('src', 'blob:preview-2');
    expect(screen.getByRole('progressbar', { name: 'Enviando imagem' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('img', { name: 'Enviando' })).toBeInTheDocument();
    act(() => onProgress(42));
    expect(screen.getByRole('progressbar', { name: 'Enviando imagem' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    expect(api.sendMessage).not.toHaveBeenCalled();

    // 3. the image message, under a clientId, still PENDING in the same bubble.
    await act(async () => put.resolve({ status: 200, data: {} }));
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(1));
    const body = api.sendMessage.mock.calls[0]![0] as SendMessageBody;
    expect(body).toEqual({
      conversationId: 'c1',
      isGroup: false,
      content: { type: 'image', body: PUBLIC },
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    expect(screen.getByAltText('Imagem enviada por Ana')).toHaveAttribute('src', PUBLIC);

    await act(async () => sent.resolve({ status: 201, data: serverCopy(body) }));
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2'));
    expect(screen.getByRole('img', { name: 'Enviada' })).toBeInTheDocument();
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('opens the sent image full screen, with its download', async () => {
    const { pick, user } = await openChat();
    await pick(png());
    await waitFor(() => expect(screen.getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Imagem enviada por Ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imagem enviada por Ana' });
    expect(dialog.querySelector(`img[src="${PUBLIC}"]`)).not.toBeNull();
    const download = screen.getByRole('link', { name: 'Baixar' });
    expect(download).toHaveAttribute('href', PUBLIC);
    expect(download).toHaveAttribute('download', '9f3e-foto.png');
    expect(download).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(screen.getByRole('button', { name: 'Aumentar zoom' }));
    expect(dialog.querySelector('img')!.style.transform).toContain('scale(1.5)');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("marks an image whose upload is refused 'Não enviada' with the upload's text; 'Tentar novamente' uploads again and sends", async () => {
    api.uploadToSignedUrl.mockRejectedValueOnce(
      Object.assign(new UploadRequestError(new Error('Request failed'), 60_000), { status: 415, serverMessage: null }),
    );
    const { pick, user } = await openChat();
    await pick(png());
    expect(await screen.findByTestId('unsent-notice')).toHaveTextContent('Não enviada: Upload falhou com status: 415');
    expect(api.sendMessage).not.toHaveBeenCalled();
    expect(screen.getByAltText('Imagem enviada por Ana')).toHaveAttribute('src', 'blob:preview-2');

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(1));
    expect(api.generatePublicMediaUrl).toHaveBeenCalledTimes(2);
    expect(api.uploadToSignedUrl).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByTestId('unsent-notice')).toBeNull());
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it("says 'Erro ao gerar URL pública' when the server refuses the signed URL without saying why", async () => {
    api.generatePublicMediaUrl.mockRejectedValueOnce(
      Object.assign(new ApiCallError(new Error('Request failed')), { status: 403, serverMessage: null }),
    );
    const { pick } = await openChat();
    await pick(png());
    expect(await screen.findByTestId('unsent-notice')).toHaveTextContent('Não enviada: Erro ao gerar URL pública');
    expect(api.uploadToSignedUrl).not.toHaveBeenCalled();
  });

  it('keeps an image whose PUT never reaches the server, and uploads it again and sends it when the connection is back', async () => {
    api.uploadToSignedUrl.mockRejectedValueOnce(new UploadRequestError(new Error('Network Error'), 60_000));
    const { pick } = await openChat();
    await pick(png());
    await waitFor(() => expect(api.uploadToSignedUrl).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('img', { name: 'Enviando' })).toBeInTheDocument();
    expect(screen.queryByTestId('unsent-notice')).toBeNull();

    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(1));
    expect(api.uploadToSignedUrl).toHaveBeenCalledTimes(2);
    expect((api.sendMessage.mock.calls[0]![0] as SendMessageBody).content).toEqual({ type: 'image', body: PUBLIC });
    expect(ui.toast).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
  });

  it('keeps an uploaded image whose send got no answer, and sends it again with the same clientId and URL, without uploading again', async () => {
    api.sendMessage.mockRejectedValueOnce(new Error('Network Error'));
    const { pick } = await openChat();
    await pick(png());
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('img', { name: 'Enviando' })).toBeInTheDocument();

    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(2));
    const [first, second] = api.sendMessage.mock.calls.map((call) => call[0] as SendMessageBody);
    expect(second).toEqual(first);
    expect(second!.content).toEqual({ type: 'image', body: PUBLIC });
    expect(api.uploadToSignedUrl).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
  });
});

describe('choosing images before sending', () => {
  const named = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  const sentBodies = () => api.sendMessage.mock.calls.map(([body]) => (body as SendMessageBody).content);

  it('previews a picked image with a caption; nothing goes before Enviar; the caption goes with it', async () => {
    const { choose, user } = await openChat();
    await choose(png());
    const preview = screen.getByRole('region', { name: 'Imagens para enviar' });
    expect(preview).toBeInTheDocument();
    expect(screen.getByAltText('Imagem 1 de 1')).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.queryByPlaceholderText('Digite uma mensagem...')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Legenda' }), '  Quadro da *reunião*  ');
    expect(api.generatePublicMediaUrl).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.queryByRole('region', { name: 'Imagens para enviar' })).toBeNull();
    expect(screen.getByPlaceholderText('Digite uma mensagem...')).toBeInTheDocument();
    await waitFor(() => expect(sentBodies()).toEqual([{ type: 'image', body: PUBLIC, caption: 'Quadro da *reunião*' }]));
  });

  it('sends several images in order, each with its own caption, one removed', async () => {
    const { choose, user } = await openChat();
    await choose(named('a.png'), named('b.png'), named('c.png'));
    expect(screen.getByText('3 imagens')).toBeInTheDocument();
    const caption = () => screen.getByRole('textbox', { name: 'Legenda' });
    // The first is shown; its caption, then the third's.
    await user.type(caption(), 'primeira');
    await user.click(screen.getByRole('button', { name: 'Imagem 3 de 3' }));
    expect(caption()).toHaveValue('');
    await user.type(caption(), 'terceira');
    await user.click(screen.getByRole('button', { name: 'Imagem 1 de 3' }));
    expect(caption()).toHaveValue('primeira');
    await user.click(screen.getByRole('button', { name: 'Remover imagem 2' }));
    expect(screen.getByText('2 imagens')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(2));
    expect(api.generatePublicMediaUrl.mock.calls.map(([body]) => (body as { fileName: string }).fileName)).toEqual(['a.png', 'c.png']);
    expect(sentBodies().map((c) => (c as { caption?: string }).caption)).toEqual(['primeira', 'terceira']);
  });

  it("'Cancelar envio' drops them all; a caption too long blocks sending with its text", async () => {
    const { choose, user } = await openChat();
    await choose(named('a.png'), named('b.png'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Legenda' }), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('Legenda deve ter no máximo 2000 caracteres');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancelar envio' }));
    expect(screen.queryByRole('region', { name: 'Imagens para enviar' })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    expect(api.generatePublicMediaUrl).not.toHaveBeenCalled();
    expect(api.sendMessage).not.toHaveBeenCalled();
  });

  it('keeps the accepted files of a pick and alerts about the others', async () => {
    const { choose } = await openChat();
    await choose(named('a.png'), new File(['olá'], 'nota.txt', { type: 'text/plain' }));
    expect(ui.toast).toHaveBeenCalledExactlyOnceWith({ type: 'alert', title: 'Tipo de arquivo inválido' });
    expect(screen.getByText('1 imagem')).toBeInTheDocument();
  });
});
