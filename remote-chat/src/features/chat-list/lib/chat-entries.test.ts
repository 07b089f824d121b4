import { describe, expect, it } from 'vitest';
import { ana, bruno, carla, conversation, group, lastMessage } from '../../../test/fixtures';
import { buildEntries, IMAGE_PREVIEW, NO_MESSAGE_PREVIEW, previewText } from './chat-entries';

const now = new Date('2024-03-10T15:00:00');

describe('chat-list entries', () => {
  it('names a conversation after the participant who is not me', () => {
    const c = conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00') });
    expect(buildEntries([c], [], ana.id, 'all', now)[0]!.name).toBe('Bruno');
    expect(buildEntries([c], [], bruno.id, 'all', now)[0]!.name).toBe('Ana');
  });

  it('hides a conversation without messages unless I am userOne', () => {
    const empty = conversation('c1'); // userOne is Ana
    expect(buildEntries([empty], [], ana.id, 'all', now)).toHaveLength(1);
    expect(buildEntries([empty], [], bruno.id, 'all', now)).toHaveLength(0);
    const withMessage = conversation('c2', { lastMessage: lastMessage('2024-03-10T10:00:00') });
    expect(buildEntries([withMessage], [], bruno.id, 'all', now)).toHaveLength(1);
  });

  it('sorts by last message time, or creation time, newest first', () => {
    const entries = buildEntries(
      [
        conversation('old', { lastMessage: lastMessage('2024-03-01T10:00:00') }),
        conversation('new', { lastMessage: lastMessage('2024-03-10T09:00:00') }),
        conversation('created', { createdAt: '2024-03-05T10:00:00', lastMessage: null }),
      ],
      [group('g', { lastMessage: lastMessage('2024-03-08T10:00:00') })],
      ana.id,
      'all',
      now,
    );
    expect(entries.map((e) => e.id)).toEqual(['new', 'g', 'created', 'old']);
  });

  it('shows the unread counts of conversations and groups alike', () => {
    const entries = buildEntries(
      [conversation('c', { unreadMessages: 3, lastMessage: lastMessage('2024-03-10T10:00:00') })],
      [
        group('g', { unreadMessages: 14, lastMessage: lastMessage('2024-03-09T10:00:00') }),
        group('read', { lastMessage: lastMessage('2024-03-08T10:00:00') }),
      ],
      ana.id,
      'all',
      now,
    );
    expect(entries.map((e) => e.unread)).toEqual([3, 14, 0]);
  });

  it('filters people and groups', () => {
    const cs = [conversation('c', { lastMessage: lastMessage('2024-03-10T10:00:00') })];
    const gs = [group('g')];
    expect(buildEntries(cs, gs, ana.id, 'people', now).map((e) => e.id)).toEqual(['c']);
    expect(buildEntries(cs, gs, ana.id, 'groups', now).map((e) => e.id)).toEqual(['g']);
  });
});

describe('preview texts', () => {
  it('invites the first message when there is none', () => {
    expect(previewText(null, null)).toBe('Seja o primeiro a enviar uma mensagem');
    expect(previewText(null, { meId: ana.id })).toBe(NO_MESSAGE_PREVIEW);
  });

  it('reads a system line whole, without an author in front', () => {
    const body = JSON.stringify({ kind: 'added', actor: { id: ana.id, name: 'Ana' }, targets: [{ id: carla.id, name: 'Carla' }] });
    const line = lastMessage('2024-03-10T10:00:00', { authorId: ana.id, content: { body, type: 'system' } });
    expect(previewText(line, { meId: ana.id })).toBe('Você adicionou Carla');
    expect(previewText(line, { meId: carla.id })).toBe('Ana adicionou você');
  });

  it("says 'Imagem' for an image", () => {
    const image = lastMessage('2024-03-10T10:00:00', { content: { body: 'https://x/y.png', type: 'image' } });
    expect(previewText(image, null)).toBe(IMAGE_PREVIEW);
    expect(previewText(image, { meId: ana.id })).toBe('Bruno: Imagem');
  });

  it("prefixes group messages with the author's name, or 'Você' for mine", () => {
    const fromCarla = lastMessage('2024-03-10T10:00:00', { authorId: carla.id, author: { name: 'Carla' } });
    expect(previewText(fromCarla, { meId: ana.id })).toBe('Carla: Olá');
    expect(previewText(fromCarla, { meId: carla.id })).toBe('Você: Olá');
    expect(previewText(fromCarla, null)).toBe('Olá');
  });

  it('shows the entry time as HH:mm or dd/MM/yyyy', () => {
    const entries = buildEntries(
      [
        conversation('today', { lastMessage: lastMessage('2024-03-10T08:05:00') }),
        conversation('before', { lastMessage: lastMessage('2024-02-01T08:05:00') }),
      ],
      [],
      ana.id,
      'all',
      now,
    );
    expect(entries.map((e) => e.time)).toEqual(['08:05', '01/02/2024']);
  });
});
