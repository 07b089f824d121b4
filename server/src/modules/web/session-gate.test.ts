// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@chat/contracts';
import { contentSecurityPolicy } from './content-security-policy';
import { FIRST_CALLS_SCRIPTS } from './first-calls-script';
import { SESSION_GATE_CSP_SOURCE, SESSION_GATE_SCRIPT } from './session-gate';
import { THEME_CSP_SOURCE } from './theme-script';

const FIRST_CALLS_CSP_SOURCE = FIRST_CALLS_SCRIPTS.chat!.cspSource;

// The inline script of the sign-in page's head: it marks a stored session before the body is
// parsed, and the page's CSP allows it by its hash (no other inline script runs).
describe('the session gate', () => {
  const run = () => new Function(SESSION_GATE_SCRIPT)();
  const marked = () => document.documentElement.hasAttribute('data-stored-session');
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-stored-session');
  });

  it('marks a visitor with a stored token or refresh token, and nobody else', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ role: 'USER' }));
    run();
    expect(marked()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    run();
    expect(marked()).toBe(true);
    localStorage.clear();
    document.documentElement.removeAttribute('data-stored-session');
    localStorage.setItem(STORAGE_KEYS.token, 't');
    run();
    expect(marked()).toBe(true);
  });

  it('throws nothing when storage is refused (the app decides once it runs)', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    try {
      expect(run).not.toThrow();
      expect(marked()).toBe(false);
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });

  it("is allowed by the page's CSP through its own hash, and by nothing broader", () => {
    expect(SESSION_GATE_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(SESSION_GATE_SCRIPT).digest('base64')}'`);
    const scriptSrc = contentSecurityPolicy({
      appUrl: 'http://localhost:3000',
      remoteUrls: { chat: null, team: null, settings: null, root: null },
    })['script-src'];
    expect(scriptSrc).toEqual(["'self'", THEME_CSP_SOURCE, SESSION_GATE_CSP_SOURCE, FIRST_CALLS_CSP_SOURCE]);
  });
});
