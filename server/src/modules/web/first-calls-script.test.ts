// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CALLS, PAGE_FIRST_CALLS_KEY, STORAGE_KEYS, type StartedFirstCalls } from '@chat/contracts';
import { FIRST_CALLS_SCRIPTS } from './first-calls-script';

// The chat page's inline script: startFirstCalls's source, run by the browser as the head is
// parsed, with nothing of the module around it (this runs it the same way, from its text alone).

const script = FIRST_CALLS_SCRIPTS.chat!;
const jwt = (exp: number) => `x.${btoa(JSON.stringify({ exp }))}.y`;
const VALID = jwt(Math.floor(Date.now() / 1000) + 600);
const page = window as unknown as Record<string, unknown>;
const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('[]')));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete page[PAGE_FIRST_CALLS_KEY];
});

describe("the chat page's first-calls script", () => {
  it("asks for the list's lists and totals with the stored token, and leaves them for the shell", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', role: 'USER' }));
    localStorage.setItem(STORAGE_KEYS.token, VALID);
    new Function(script.text)();
    const started = page[PAGE_FIRST_CALLS_KEY] as StartedFirstCalls;
    expect(started.token).toBe(VALID);
    expect(Object.keys(started.responses)).toEqual([FIRST_CALLS.conversations, FIRST_CALLS.groups, FIRST_CALLS.summary]);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, new Headers(init?.headers).get('authorization')])).toEqual([
      ['/api/conversation/get-conversations?showEmpty=true&limit=50', `Bearer ${VALID}`],
      ['/api/group/list?limit=50', `Bearer ${VALID}`],
      ['/api/conversation/chat-summary', `Bearer ${VALID}`],
    ]);
    expect(await (await started.responses[FIRST_CALLS.groups])?.json()).toEqual([]);
  });

  it('asks nothing for a visitor the route would not show the list to (the shell then decides)', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'r1', role: 'ROOT' }));
    localStorage.setItem(STORAGE_KEYS.token, VALID);
    new Function(script.text)();
    expect(page[PAGE_FIRST_CALLS_KEY]).toBeNull();
    localStorage.clear();
    new Function(script.text)();
    expect(page[PAGE_FIRST_CALLS_KEY]).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is allowed by the page's CSP through its own hash", () => {
    expect(script.cspSource).toBe(`'sha256-${createHash('sha256').update(script.text).digest('base64')}'`);
    expect(script.element).toBe(`<script>${script.text}</script>`);
  });
});
