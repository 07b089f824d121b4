import { describe, expect, it } from 'vitest';
import { ana, message } from '../../../test/fixtures';
import { prependPage, upsertMessage, type ChatMessage } from './merge-messages';
import { buildRows } from './message-rows';

const pending: ChatMessage = message('local:abc', { clientId: 'abc', status: 'PENDING' });

describe('merging messages', () => {
  it('replaces the optimistic entry with the server message (same clientId)', () => {
    const server = message('m1', { clientId: 'abc', status: 'SENT' });
    const next = upsertMessage([pending], server);
    expect(next).toHaveLength(1);
    expect(next[0]!.id).toBe('m1');
    expect(next[0]!.status).toBe('SENT');
  });

  it('does not duplicate the socket echo of a message already replaced, nor lower its status', () => {
    const echo = message('m1', { clientId: 'abc', status: 'DELIVERED' });
    const response = message('m1', { clientId: 'abc', status: 'SENT' });
    const next = upsertMessage(upsertMessage([pending], echo), response);
    expect(next).toHaveLength(1);
    expect(next[0]!.status).toBe('DELIVERED');
  });

  it('keeps order by time and skips known messages in older pages', () => {
    const a = message('a', { createdAt: '2024-03-10T10:00:00.000Z' });
    const b = message('b', { createdAt: '2024-03-10T11:00:00.000Z' });
    const c = message('c', { createdAt: '2024-03-10T12:00:00.000Z' });
    expect(upsertMessage([a, c], b).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(prependPage([b, c], [a, b]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('puts a day separator before each new day', () => {
    const rows = buildRows(
      [
        message('a', { createdAt: new Date(2024, 2, 8, 10).toISOString() }),
        message('b', { createdAt: new Date(2024, 2, 9, 10).toISOString() }),
        message('c', { createdAt: new Date(2024, 2, 9, 11).toISOString() }),
        message('d', { createdAt: new Date(2024, 2, 10, 9).toISOString() }),
      ],
      new Date(2024, 2, 10, 12),
    );
    expect(rows.map((r) => (r.type === 'day' ? r.label : r.type === 'message' ? r.message.id : r.key))).toEqual([
      '08/03/2024',
      'a',
      'Ontem',
      'b',
      'c',
      'Hoje',
      'd',
    ]);
  });

  it("joins an author's messages into a run: same author, under 5 minutes apart, nothing between", () => {
    const at = (minute: number) => new Date(2024, 2, 10, 10, minute).toISOString();
    const system = message('s', { createdAt: at(7), content: { id: 'cs', body: '{}', type: 'system' } });
    const rows = buildRows(
      [
        message('a', { createdAt: at(0) }),
        message('b', { createdAt: at(4) }),
        message('c', { createdAt: at(10) }),
        message('d', { createdAt: at(11), authorId: ana.id }),
        message('e', { createdAt: at(12) }),
        message('f', { createdAt: at(13) }),
        system,
        message('g', { createdAt: at(14) }),
        message('h', { createdAt: at(15) }),
      ],
      new Date(2024, 2, 10, 12),
      'h',
    );
    const runs = rows.flatMap((r) => (r.type === 'message' ? [`${r.message.id}${r.continuesRun ? '+' : ''}`] : []));
    // 'c' is 6 minutes after 'b'; 'd' is someone else's; a system line and the unread line cut runs.
    expect(runs).toEqual(['a', 'b+', 'c', 'd', 'e', 'f+', 's', 'g', 'h']);
  });

  it("starts a new run when a webhook's message changes the name or image it posts under", () => {
    const at = (minute: number) => new Date(2024, 2, 10, 10, minute).toISOString();
    const bot = (id: string, minute: number, name: string, avatarUrl: string | null) => {
      const base = message(id, { createdAt: at(minute) });
      return { ...base, author: { ...base.author, name, avatarUrl } };
    };
    const rows = buildRows(
      [
        bot('a', 0, 'CI', null),
        bot('b', 1, 'CI', null),
        bot('c', 2, 'CI', '/media/avatars/x.png'),
        bot('d', 3, 'Grafana', '/media/avatars/x.png'),
      ],
      new Date(2024, 2, 10, 12),
    );
    const runs = rows.flatMap((r) => (r.type === 'message' ? [`${r.message.id}${r.continuesRun ? '+' : ''}`] : []));
    expect(runs).toEqual(['a', 'b+', 'c', 'd']);
  });
});
