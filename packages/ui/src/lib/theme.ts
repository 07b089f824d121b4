import { THEME_BAR_COLORS, THEME_CHOICES, THEME_STORAGE_KEY, type Theme, type ThemeChoice } from '@chat/contracts';

// The running app's side of the theme. The page's head already applied the saved choice before
// the first paint (@chat/contracts, THEME_SCRIPT); these keep it current: when the device's setting
// changes under 'Automático', when another tab changes the choice, and when the person picks one
// in Configurações. Stateless: the choice lives in localStorage and the applied theme on <html>,
// so the shell's copy and a remote's copy of this file always agree.

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

/** The saved choice; 'system' when none was saved or storage is unavailable. */
export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** The theme a choice means now. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean = systemPrefersDark()): Theme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

/** Sets the theme on the page: the tokens follow data-theme, the browser's bar its meta colour. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_BAR_COLORS[theme]);
}

/** Saves a choice on this device ('system' clears it) and applies it at once. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, full): the choice still holds for this page.
  }
  applyTheme(resolveTheme(choice));
}

/**
 * Keeps the page's theme current for as long as it is open: the device's setting changing (it
 * matters only under 'Automático') and a choice made in another tab. Returns the way to stop.
 */
export function followThemeChanges(): () => void {
  const reapply = () => applyTheme(resolveTheme(readThemeChoice()));
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) reapply();
  };
  media?.addEventListener('change', reapply);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', reapply);
    window.removeEventListener('storage', onStorage);
  };
}
