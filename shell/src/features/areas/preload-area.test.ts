import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chat/contracts';
import { preloadArea } from './preload-area';

// The first script starts a signed-in area's downloads, only there and only with a session.
const startArea = vi.fn();
vi.mock('./start-area', () => ({ startArea: (...args: unknown[]) => startArea(...args) }));

function storageWithToken(token: string | null): Storage {
  const storage = new Map<string, string>(token ? [[STORAGE_KEYS.token, token]] : []);
  return { getItem: (key: string) => storage.get(key) ?? null } as Storage;
}

beforeEach(() => startArea.mockReset());

describe('preloadArea', () => {
  it('starts the area on /auth and /root pages with a stored token', async () => {
    const config = Promise.resolve({});
    for (const pathname of ['/auth', '/auth/conversations', '/root/workspaces']) {
      preloadArea(config, pathname, storageWithToken('t'));
      await vi.waitFor(() => expect(startArea).toHaveBeenCalledWith(config, pathname));
    }
  });

  it('does nothing on the public pages, or without a stored session', async () => {
    for (const pathname of ['/', '/register', '/authx', '/rootx']) preloadArea(Promise.resolve({}), pathname, storageWithToken('t'));
    preloadArea(Promise.resolve({}), '/auth/conversations', storageWithToken(null));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(startArea).not.toHaveBeenCalled();
  });
});
