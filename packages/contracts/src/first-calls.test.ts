import { describe, expect, it, vi } from 'vitest';
import { startFirstCalls, type FirstCallsPlan } from './first-calls';

// startFirstCalls decides from the stored session alone, and its source must run on its own: the
// server writes it into the chat page as an inline script.

const jwt = (exp: unknown) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;
const NOW = 1_800_000_000_000;
const VALID = jwt(NOW / 1000 + 600);
const PLAN: FirstCallsPlan = { apiBaseUrl: '/api', tokenKey: 't', userKey: 'u', roles: ['ADMIN', 'USER'], paths: ['/a?x=1', '/b'] };

function windowWith(items: Record<string, string>, fetchImpl = () => Promise.resolve(new Response('[]'))) {
  const fetch = vi.fn(fetchImpl);
  const localStorage = { getItem: (key: string) => items[key] ?? null } as Storage;
  return {
    localStorage,
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls: fetch.mock.calls as unknown as [string, RequestInit][],
  };
}

describe('startFirstCalls', () => {
  it('asks for each path with the stored token when the session may open the route', () => {
    const win = windowWith({ t: VALID, u: JSON.stringify({ role: 'USER' }) });
    const started = startFirstCalls(PLAN, win, NOW);
    expect(started?.token).toBe(VALID);
    expect(Object.keys(started?.responses ?? {})).toEqual(['/a?x=1', '/b']);
    expect(win.calls.map(([url, init]) => [url, new Headers(init.headers).get('authorization')])).toEqual([
      ['/api/a?x=1', `Bearer ${VALID}`],
      ['/api/b', `Bearer ${VALID}`],
    ]);
  });

  it('asks nothing without a usable token or with a role the route refuses', () => {
    const cases: Record<string, Record<string, string>> = {
      'no session': {},
      'no user': { t: VALID },
      'no token': { u: JSON.stringify({ role: 'USER' }) },
      expired: { t: jwt(NOW / 1000 - 1), u: JSON.stringify({ role: 'USER' }) },
      'exp not a number': { t: jwt('soon'), u: JSON.stringify({ role: 'USER' }) },
      'not a JWT': { t: 'abc', u: JSON.stringify({ role: 'USER' }) },
      'garbled payload': { t: 'x.%%%.y', u: JSON.stringify({ role: 'USER' }) },
      'garbled user': { t: VALID, u: '{role' },
      'other role': { t: VALID, u: JSON.stringify({ role: 'ROOT' }) },
    };
    for (const [what, items] of Object.entries(cases)) {
      const win = windowWith(items);
      expect(startFirstCalls(PLAN, win, NOW), what).toBeNull();
      expect(win.calls, what).toEqual([]);
    }
  });

  it('never rejects: a failed call answers null', async () => {
    const win = windowWith({ t: VALID, u: JSON.stringify({ role: 'ADMIN' }) }, () => Promise.reject(new TypeError('Failed to fetch')));
    const started = startFirstCalls(PLAN, win, NOW);
    expect(await started?.responses['/b']).toBeNull();
  });

  it('runs from its own source with nothing of this module around it', () => {
    const win = windowWith({ t: VALID, u: JSON.stringify({ role: 'USER' }) });
    // A Function body sees the globals only, none of this module's names (as the inline script).
    const run = new Function('plan', 'win', 'now', `return (${startFirstCalls.toString()})(plan, win, now);`) as typeof startFirstCalls;
    const fromSource = run(PLAN, win, NOW);
    expect(fromSource?.token).toBe(VALID);
    expect(win.calls).toHaveLength(2);
  });
});
