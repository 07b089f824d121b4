import { act, renderHook } from '@testing-library/react';
import { THEME_BAR_COLORS, THEME_SCRIPT, THEME_STORAGE_KEY } from '@chat/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followThemeChanges, readThemeChoice, resolveTheme, saveThemeChoice } from './theme';
import { useThemeChoice } from './use-theme-choice';

// jsdom has no matchMedia: a device whose dark setting the test turns on and off, telling the
// listeners as a browser's MediaQueryList does.
let prefersDark = false;
const listeners = new Set<() => void>();
function setSystemDark(dark: boolean) {
  prefersDark = dark;
  for (const listener of listeners) listener();
}

const theme = () => document.documentElement.getAttribute('data-theme');
const barColour = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');
const runPageScript = () => new Function(THEME_SCRIPT)() as void;

beforeEach(() => {
  prefersDark = false;
  listeners.clear();
  window.matchMedia = ((query: string) => ({
    media: query,
    get matches() {
      return query === '(prefers-color-scheme: dark)' && prefersDark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  document.head.innerHTML = '<meta name="theme-color" content="#0f6e65">';
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
});

afterEach(() => localStorage.clear());

describe("the page's first script", () => {
  it('follows the device with no saved choice', () => {
    setSystemDark(true);
    runPageScript();
    expect(theme()).toBe('dark');
    expect(barColour()).toBe(THEME_BAR_COLORS.dark);

    setSystemDark(false);
    runPageScript();
    expect(theme()).toBe('light');
    expect(barColour()).toBe(THEME_BAR_COLORS.light);
  });

  it('lets a saved choice override the device, and ignores a value it does not know', () => {
    setSystemDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runPageScript();
    expect(theme()).toBe('light');

    setSystemDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runPageScript();
    expect(theme()).toBe('dark');

    localStorage.setItem(THEME_STORAGE_KEY, 'roxo');
    runPageScript();
    expect(theme()).toBe('light');
  });

  it('still follows the device when storage cannot be read', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      setSystemDark(true);
      expect(runPageScript).not.toThrow();
      expect(theme()).toBe('dark');
      expect(readThemeChoice()).toBe('system');
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});

describe('theme choice', () => {
  it('resolves Automático by the device and the others as chosen', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('is saved on the device and applied at once; Automático clears the saved value', () => {
    saveThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    expect(theme()).toBe('dark');
    expect(barColour()).toBe(THEME_BAR_COLORS.dark);

    saveThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(readThemeChoice()).toBe('system');
    expect(theme()).toBe('light');
  });

  it("follows the device's changes only under Automático, and a choice made in another tab", () => {
    runPageScript();
    const stop = followThemeChanges();

    setSystemDark(true);
    expect(theme()).toBe('dark');

    saveThemeChoice('light');
    setSystemDark(false);
    setSystemDark(true);
    expect(theme()).toBe('light');

    // Another tab saved 'dark': this page learns it from the storage event.
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(theme()).toBe('dark');

    stop();
    localStorage.removeItem(THEME_STORAGE_KEY);
    setSystemDark(false);
    expect(theme()).toBe('dark');
  });

  it('gives a settings control the current choice and a way to change it', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current[0]).toBe('dark');

    act(() => result.current[1]('light'));
    expect(result.current[0]).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(theme()).toBe('light');
  });
});
