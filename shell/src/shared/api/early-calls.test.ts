import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CALLS, PAGE_FIRST_CALLS_KEY, STORAGE_KEYS } from '@chat/contracts';
import { startCatchUpCalls, startEarlyCalls, takeEarlyCalls } from './early-calls';

// Which page loads ask for the chat list with the page, and with which session.

const jwt = (exp: number) => `x.${btoa(JSON.stringify({ exp }))}.y`;
const VALID = jwt(Math.floor(Date.now() / 1000) + 600);
const EXPIRED = jwt(Math.floor(Date.now() / 1000) - 10);

function storageWith(role: string | null, token: string | null): Storage {
  localStorage.clear();
  if (role) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', role }));
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  return localStorage;
}

const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('[]')));
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  takeEarlyCalls();
});
afterEach(() => vi.unstubAllGlobals());

describe('startEarlyCalls', () => {
  it("asks for the chat list's lists and totals on the conversations route, with the stored token", async () => {
    for (const role of ['USER', 'ADMIN']) {
      startEarlyCalls('/api', '/auth/conversations/c1', storageWith(role, VALID));
      const calls = takeEarlyCalls();
      expect(calls?.token, role).toBe(VALID);
      expect([...(calls?.responses.keys() ?? [])]).toEqual([FIRST_CALLS.conversations, FIRST_CALLS.groups, FIRST_CALLS.summary]);
      expect(fetchMock.mock.calls.map(([url, init]) => [url, new Headers(init?.headers).get('authorization')])).toEqual([
        ['/api/conversation/get-conversations?showEmpty=true&limit=50', `Bearer ${VALID}`],
        ['/api/group/list?limit=50', `Bearer ${VALID}`],
        ['/api/conversation/chat-summary', `Bearer ${VALID}`],
      ]);
      expect(takeEarlyCalls(), 'handed over once').toBeNull();
      fetchMock.mockClear();
    }
  });

  it('asks nothing elsewhere, signed out, with an expired token (the renewal goes first) or a role the route refuses', () => {
    const cases: [string, string | null, string | null][] = [
      ['/', 'USER', VALID],
      ['/auth/settings', 'USER', VALID],
      ['/auth/conversations', null, null],
      ['/auth/conversations', 'USER', null],
      ['/auth/conversations', 'USER', EXPIRED],
      ['/auth/conversations', 'ROOT', VALID],
    ];
    for (const [path, role, token] of cases) {
      startEarlyCalls('/api', path, storageWith(role, token));
      expect(takeEarlyCalls(), `${path} ${role} ${token === EXPIRED ? 'expirado' : token}`).toBeNull();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the calls the page itself started (the server writes them into the HTML), once, asking nothing again', async () => {
    const page = window as unknown as Record<string, unknown>;
    const answer = Promise.resolve(new Response('[]'));
    page[PAGE_FIRST_CALLS_KEY] = { token: VALID, responses: { [FIRST_CALLS.conversations]: answer } };
    startEarlyCalls('/api', '/auth/conversations', storageWith('USER', VALID));
    const calls = takeEarlyCalls();
    expect(calls?.token).toBe(VALID);
    expect([...(calls?.responses.entries() ?? [])]).toEqual([[FIRST_CALLS.conversations, answer]]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(PAGE_FIRST_CALLS_KEY in page, 'taken off the window').toBe(false);
  });

  it('never rejects: a network failure becomes a null answer', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyCalls('/api', '/auth/conversations', storageWith('USER', VALID));
    const calls = takeEarlyCalls();
    expect(await calls?.responses.get(FIRST_CALLS.conversations)).toBeNull();
  });
});

describe('startCatchUpCalls', () => {
  it("asks for what the route's remote and the shell read again on a connect: the lists and the own user", () => {
    const chat = startCatchUpCalls('/api', '/auth/conversations', storageWith('USER', VALID));
    expect([...(chat?.responses.keys() ?? [])]).toEqual([
      FIRST_CALLS.conversations,
      FIRST_CALLS.groups,
      FIRST_CALLS.summary,
      FIRST_CALLS.me,
    ]);
    expect(chat?.token).toBe(VALID);
    fetchMock.mockClear();

    const team = startCatchUpCalls('/api', '/auth/team', storageWith('ADMIN', VALID));
    expect([...(team?.responses.keys() ?? [])]).toEqual([FIRST_CALLS.me]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me']);
    expect(takeEarlyCalls(), 'not the page-load set').toBeNull();
  });

  it("asks nothing without a valid token or off the remotes' routes", () => {
    expect(startCatchUpCalls('/api', '/auth/conversations', storageWith('USER', EXPIRED))).toBeNull();
    expect(startCatchUpCalls('/api', '/', storageWith('USER', VALID))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
