import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './merge-messages';
import { firstUnreadId, newMessagesText } from './unread';

const m = (id: string, authorId: string, type: 'text' | 'system' = 'text') => ({ id, authorId, content: { type } }) as ChatMessage;
const history = [m('1', 'eu'), m('2', 'par'), m('3', 'par'), m('4', 'eu'), m('5', 'par')];

describe('firstUnreadId', () => {
  it('counts back the unread number of the other side’s messages, skipping mine', () => {
    expect(firstUnreadId(history, 'eu', 1)).toBe('5');
    expect(firstUnreadId(history, 'eu', 2)).toBe('3');
    expect(firstUnreadId(history, 'eu', 3)).toBe('2');
  });

  it('skips system lines, which the server counts as nobody’s unread message', () => {
    const withLine = [m('1', 'par'), m('2', 'par', 'system'), m('3', 'par')];
    expect(firstUnreadId(withLine, 'eu', 2)).toBe('1');
  });

  it('is null with nothing unread and undefined when older pages are needed', () => {
    expect(firstUnreadId(history, 'eu', 0)).toBeNull();
    expect(firstUnreadId(history, 'eu', 4)).toBeUndefined();
  });
});

describe('newMessagesText', () => {
  it('uses the singular for one', () => {
    expect(newMessagesText(1)).toBe('1 nova mensagem');
    expect(newMessagesText(3)).toBe('3 novas mensagens');
  });
});
