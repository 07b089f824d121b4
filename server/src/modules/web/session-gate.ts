import { createHash } from 'node:crypto';
import { STORAGE_KEYS } from '@chat/contracts';

// The few lines that run before the body of the sign-in page ('/', with its static markup) is
// parsed. They mark a visitor who has a stored session, for whom the static sign-in form is
// hidden: the app sends them on, and a form must not flash first. Inline, allowed by its hash in
// the CSP's script-src (content-security-policy.ts): as a file (session-gate.js) it was one more
// request before the first paint.
export const SESSION_GATE_SCRIPT =
  'try{var s=localStorage,d=document.documentElement;' +
  `if(s.getItem(${JSON.stringify(STORAGE_KEYS.token)})||s.getItem(${JSON.stringify(STORAGE_KEYS.refreshToken)})){` +
  "d.setAttribute('data-stored-session','')}" +
  '}catch(e){}';

/** The script element, for a page's head. */
export const SESSION_GATE_ELEMENT = `<script>${SESSION_GATE_SCRIPT}</script>`;

/** The CSP source that allows exactly that script. */
export const SESSION_GATE_CSP_SOURCE = `'sha256-${createHash('sha256').update(SESSION_GATE_SCRIPT).digest('base64')}'`;
