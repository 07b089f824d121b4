import { act, waitFor } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '@chat/api-client';
import type { SendMessageBody } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { ana, message } from '../../../test/fixtures';
import { resetLocalData } from '../../../test/local-data';
import { useMessages } from './use-messages';

const api = vi.hoisted(() => ({
  getMessagesByConversation: vi.fn(),
  getMessagesByGroup: vi.fn(),
  sendMessage: vi.fn(),
}));
vi.mock('@chat/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));

/** A 4xx answer as the api-client reports it. */
const refusal = (status: number, serverMessage: string) => Object.assign(new ApiCallError(new Error('refused')), { status, serverMessage });

const me = { id: ana.id, name: ana.name };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const serverCopy = (body: SendMessageBody, status: 'SENT' | 'DELIVERED' = 'SENT') =>
  message('m-server', {
    authorId: ana.id,
    author: { id: ana.id, name: ana.name, avatarUrl: null },
    content: { id: 'content', body: body.content.body, type: 'text' },
    clientId: body.clientId,
    status,
  });

async function openChat() {
  const hook = renderHookWithQuery(() => useMessages('conversation', 'c1', me));
  await waitFor(() => expect(hook.result.current.loading).toBe(false));
  return hook;
}

describe('optimistic sending', () => {
  beforeEach(async () => {
    await resetLocalData(ana.id);
    vi.clearAllMocks();
    api.getMessagesByConversation.mockResolvedValue({ status: 200, data: { messages: [], hasMore: false } });
  });

  it('shows a PENDING entry at once, then the server message in its place', async () => {
    const send = deferred<{ status: number; data: unknown }>();
    api.sendMessage.mockReturnValue(send.promise);
    const { result } = await openChat();

    await act(() => result.current.send('olá'));
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]).toMatchObject({ status: 'PENDING', authorId: ana.id });
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalled());
    const body = api.sendMessage.mock.calls[0]![0] as SendMessageBody;
    expect(body).toMatchObject({ conversationId: 'c1', isGroup: false, content: { type: 'text', body: 'olá' } });
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.messages[0]!.clientId).toBe(body.clientId);

    await act(async () => send.resolve({ status: 201, data: serverCopy(body) }));
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]).toMatchObject({ id: 'm-server', status: 'SENT' });
  });

  it('does not duplicate my message when its socket echo arrives before the response', async () => {
    const send = deferred<{ status: number; data: unknown }>();
    api.sendMessage.mockReturnValue(send.promise);
    const { result } = await openChat();

    await act(() => result.current.send('eco'));
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalled());
    const body = api.sendMessage.mock.calls[0]![0] as SendMessageBody;
    act(() => eventBus.emit('message', serverCopy(body, 'DELIVERED')));
    await act(async () => send.resolve({ status: 201, data: serverCopy(body, 'SENT') }));
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]!.status).toBe('DELIVERED');
  });

  it('keeps a send that got no answer pending, and sends it again with the same clientId when the connection is back', async () => {
    api.sendMessage.mockRejectedValueOnce(new Error('Network Error'));
    const { result } = await openChat();

    await act(() => result.current.send('tentando'));
    await waitFor(() => expect(api.sendMessage).toHaveBeenCalledTimes(1));
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]).toMatchObject({ status: 'PENDING' });
    expect(result.current.messages[0]!.failed).toBeFalsy();
    const first = api.sendMessage.mock.calls[0]![0] as SendMessageBody;

    api.sendMessage.mockImplementationOnce(async (body: SendMessageBody) => ({ status: 201, data: serverCopy(body) }));
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.messages[0]).toMatchObject({ id: 'm-server', status: 'SENT' }));
    const second = api.sendMessage.mock.calls[1]![0] as SendMessageBody;
    expect(second.clientId).toBe(first.clientId);
    expect(second.content.body).toBe('tentando');
    expect(result.current.messages).toHaveLength(1);
  });

  it("shows a refused send as 'Não enviada' and retries it with the same clientId on request", async () => {
    api.sendMessage.mockRejectedValueOnce(refusal(400, 'Mensagem inválida'));
    const { result } = await openChat();

    await act(() => result.current.send('recusada'));
    await waitFor(() => expect(result.current.messages[0]).toMatchObject({ failed: true, refused: { reason: 'Mensagem inválida' } }));
    const first = api.sendMessage.mock.calls[0]![0] as SendMessageBody;

    api.sendMessage.mockImplementationOnce(async (body: SendMessageBody) => ({ status: 201, data: serverCopy(body) }));
    act(() => result.current.retry(first.clientId));
    await waitFor(() => expect(result.current.messages[0]).toMatchObject({ id: 'm-server', status: 'SENT' }));
    expect((api.sendMessage.mock.calls[1]![0] as SendMessageBody).clientId).toBe(first.clientId);
    expect(result.current.messages).toHaveLength(1);
  });

  it("drops a refused send on 'Apagar'", async () => {
    api.sendMessage.mockRejectedValueOnce(refusal(403, 'Você não participa desta conversa'));
    const { result } = await openChat();
    await act(() => result.current.send('proibida'));
    await waitFor(() => expect(result.current.messages[0]?.refused).toBeTruthy());
    act(() => result.current.discard(result.current.messages[0]!.clientId!));
    await waitFor(() => expect(result.current.messages).toHaveLength(0));
    expect(api.sendMessage).toHaveBeenCalledTimes(1);
  });

  it('shows the queued messages of this chat after its history when it is opened again', async () => {
    api.sendMessage.mockRejectedValue(new Error('Network Error'));
    const first = await openChat();
    await act(() => first.result.current.send('um'));
    await act(() => first.result.current.send('dois'));
    first.unmount();

    api.getMessagesByConversation.mockResolvedValue({
      status: 200,
      data: { messages: [message('h1', { conversationId: 'c1' })], hasMore: false },
    });
    const { result } = await openChat();
    await waitFor(() => expect(result.current.messages.map((m) => m.content.body)).toEqual(['mensagem h1', 'um', 'dois']));
    expect(result.current.messages.slice(1).every((m) => m.status === 'PENDING')).toBe(true);
  });

  it('adds incoming messages of this chat only', async () => {
    const { result } = await openChat();
    act(() => eventBus.emit('message', message('x1', { conversationId: 'c1' })));
    act(() => eventBus.emit('message', message('x2', { conversationId: 'other' })));
    expect(result.current.messages.map((m) => m.id)).toEqual(['x1']);
  });

  it('shows a message announced again (a replayed send), and fetched again (sync:required), once', async () => {
    const { result } = await openChat();
    const incoming = message('x1', { conversationId: 'c1' });
    act(() => eventBus.emit('message', incoming));
    act(() => eventBus.emit('message', incoming));
    api.getMessagesByConversation.mockResolvedValue({ status: 200, data: { messages: [incoming], hasMore: false } });
    act(() => eventBus.emit('socket:reconnected', undefined));
    await waitFor(() => expect(api.getMessagesByConversation).toHaveBeenCalledTimes(2));
    act(() => eventBus.emit('message', incoming));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['x1']));
  });

  it('loads older pages before the oldest message', async () => {
    api.getMessagesByConversation.mockResolvedValueOnce({
      status: 200,
      data: { messages: [message('b', { createdAt: '2024-03-10T12:00:00.000Z' })], hasMore: true },
    });
    const { result } = await openChat();
    api.getMessagesByConversation.mockResolvedValueOnce({
      status: 200,
      data: { messages: [message('a', { createdAt: '2024-03-10T11:00:00.000Z' })], hasMore: false },
    });
    await act(async () => result.current.loadOlder());
    expect(api.getMessagesByConversation).toHaveBeenLastCalledWith('c1', { before: 'b', limit: 50 });
    expect(result.current.messages.map((m) => m.id)).toEqual(['a', 'b']);
    expect(result.current.hasMore).toBe(false);
  });
});
