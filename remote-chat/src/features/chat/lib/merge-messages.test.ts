import { describe, expect, it } from 'vitest';
import { message } from '../../../test/fixtures';
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
});
