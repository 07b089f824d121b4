// The colour theme: the person's choice ('system' follows the device's setting), kept on the
// device like WhatsApp Web does, not on the account: a phone in dark mode and a light office
// monitor may each want their own, and the page must know the choice before its first paint,
// long before any API answer could arrive (localStorage is read synchronously by THEME_SCRIPT).

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

export const THEME_STORAGE_KEY = '@team-chat:theme';

/** The browser's bar colour (meta theme-color) per theme: the brand teal, the dark page's top bar. */
export const THEME_BAR_COLORS: Record<Theme, string> = { light: '#0f6e65', dark: '#171c22' };

/**
 * Runs in the head of every page before anything is painted (shell/index.html, allowed by its
 * hash in the server's CSP): sets data-theme on <html> to the saved choice or, for 'system' or no
 * choice, to the device's setting, and the browser's bar colour with it. The tokens
 * (@chat/ui/styles.css) follow data-theme. Kept as a literal string so its text, and so its hash,
 * is the same wherever it is read (plain interpolation, which a bundler drops where unused); the same steps for the running app are in @chat/ui's theme.ts.
 */
export const THEME_SCRIPT =
  '(function(){var t,d=document.documentElement;' +
  `try{t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  "if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.setAttribute('data-theme',t);" +
  "var m=document.querySelector('meta[name=theme-color]');" +
  `if(m)m.setAttribute('content',t==='dark'?'${THEME_BAR_COLORS.dark}':'${THEME_BAR_COLORS.light}')` +
  '})()';
