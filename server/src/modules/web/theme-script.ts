import { createHash } from 'node:crypto';
import { THEME_SCRIPT } from '@chat/contracts';

// The theme's first step (@chat/contracts' THEME_SCRIPT) is written in the shell's index.html
// itself, not added here: the service worker answers later visits with its copy of that file, and
// those must not flash white on a dark device either. Inline, so no request stands before the
// first paint; allowed by its hash, computed from the same text the template carries (a test
// compares them).

/** The CSP source that allows exactly that script. */
export const THEME_CSP_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
