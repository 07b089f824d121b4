import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@chat/contracts';
import { clearSession, readSession, writeSession } from './storage';

const user = { id: 'u1', name: 'Ana Souza', role: 'ADMIN' as const, nickName: 'ana', email: 'ana@demo.chat' };

describe('stored session', () => {
  beforeEach(() => localStorage.clear());

  it('writes the three prefixed keys and reads them back', () => {
    writeSession(user, { accessToken: 'a', refreshToken: 'r' });
    expect(Object.keys(localStorage).sort()).toEqual(Object.values(STORAGE_KEYS).sort());
    expect(Object.values(STORAGE_KEYS).every((key) => key.startsWith('@team-chat:'))).toBe(true);
    expect(readSession()).toEqual({ user, token: 'a', refreshToken: 'r' });
  });

  it('clears all three keys and nothing else', () => {
    writeSession(user, { accessToken: 'a', refreshToken: 'r' });
    localStorage.setItem('outra-coisa', '1');
    clearSession();
    expect(Object.keys(localStorage)).toEqual(['outra-coisa']);
    expect(readSession()).toEqual({ user: null, token: null, refreshToken: null });
  });

  it('ignores a stored user that is not valid JSON or lacks required fields', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{quebrado');
    expect(readSession().user).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1' }));
    expect(readSession().user).toBeNull();
  });
});
