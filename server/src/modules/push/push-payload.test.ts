import { describe, expect, it } from 'vitest';
import { untouchedMessageFields, type Message } from '@chat/contracts';
import { messagePayload } from './push-payload';

const message = (content: Message['content'], groupId: string | null = null): Message => ({
  id: 'm-1',
  authorId: 'u-ana',
  author: { id: 'u-ana', name: 'Ana', avatarUrl: null },
  content,
  status: 'SENT',
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:00.000Z',
  conversationId: groupId ? null : 'c-1',
  groupId,
  clientId: null,
  ...untouchedMessageFields(),
});

describe('a pushed message reads as the chat list does', () => {
  it('a file by its name, a voice note by its length, an image with its caption', () => {
    const names = new Map<string, string>();
    const file = message({ id: 'x', body: '/media/files/a', type: 'file', fileName: 'pauta.pdf', size: 10, mimeType: 'application/pdf' });
    const voice = message({ id: 'x', body: '/media/files/b', type: 'audio', durationMs: 42_000 }, 'g-1');
    const image = message({ id: 'x', body: '/media/images/c', type: 'image', caption: 'a obra' });
    expect(messagePayload(file, null, names)).toMatchObject({ title: 'Ana', body: 'pauta.pdf' });
    expect(messagePayload(voice, 'Obra', names)).toMatchObject({ title: 'Obra', body: 'Ana: Mensagem de voz (0:42)' });
    expect(messagePayload(image, null, names)).toMatchObject({ body: 'Imagem: a obra' });
  });
});
