import { describe, expect, it } from 'vitest';
import { ana, message } from '../../../test/fixtures';
import type { ChatMessage } from './merge-messages';
import { deliveredToPeer, mergeOverrides, readByPeer, withOverrides } from './receipts';

const mine = (id: string, status: ChatMessage['status'], extra: Partial<ChatMessage> = {}): ChatMessage =>
  message(id, { authorId: ana.id, author: { id: ana.id, name: ana.name, avatarUrl: null }, status, ...extra });

const statuses = (l: ChatMessage[]) => Object.fromEntries(l.map((m) => [m.id, m.status]));

describe('message status mirrored from socket events', () => {
  const list: ChatMessage[] = [
    mine('p', 'PENDING'),
    mine('s', 'SENT'),
    mine('d', 'DELIVERED'),
    mine('r', 'READ'),
    message('theirs', { status: 'SENT' }),
    mine('f', 'PENDING', { failed: true }),
  ];

  it('peer online: only my SENT messages become DELIVERED', () => {
    expect(deliveredToPeer(list, ana.id)).toEqual({ s: 'DELIVERED' });
    expect(statuses(withOverrides(list, deliveredToPeer(list, ana.id)))).toEqual({
      p: 'PENDING',
      s: 'DELIVERED',
      d: 'DELIVERED',
      r: 'READ',
      theirs: 'SENT',
      f: 'PENDING',
    });
  });

  it('read confirmation: my SENT and DELIVERED messages become READ, never a pending one', () => {
    expect(statuses(withOverrides(list, readByPeer(list, ana.id)))).toEqual({
      p: 'PENDING',
      s: 'READ',
      d: 'READ',
      r: 'READ',
      theirs: 'SENT',
      f: 'PENDING',
    });
  });

  it('a message sent after the confirmation is not read by it', () => {
    const read = readByPeer(list, ana.id);
    const later = [...list, mine('n', 'SENT')];
    expect(withOverrides(later, read).at(-1)!.status).toBe('SENT');
  });

  it('never moves a status backwards', () => {
    const read = readByPeer(list, ana.id);
    const merged = mergeOverrides(read, deliveredToPeer(list, ana.id));
    expect(merged.s).toBe('READ');
    // The server's copy arriving later with an older status keeps the mirrored one...
    expect(withOverrides([mine('s', 'SENT')], merged)[0]!.status).toBe('READ');
    // ...and an override behind the server's status is ignored.
    expect(withOverrides([mine('s', 'READ')], { s: 'DELIVERED' })[0]!.status).toBe('READ');
  });

  it('returns the same array when nothing changes', () => {
    const read = [mine('r', 'READ'), message('x')];
    expect(withOverrides(read, readByPeer(read, ana.id))).toBe(read);
    expect(withOverrides(read, {})).toBe(read);
  });
});
