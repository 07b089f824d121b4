import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { THEME_SCRIPT } from '@chat/contracts';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy';
import { THEME_CSP_SOURCE } from './theme-script';

// The shell's template carries the theme script as written in @chat/contracts: a copy that drifted
// would be blocked by the CSP, and every page would open light on a dark device.

const template = readFileSync(new URL('../../../../shell/index.html', import.meta.url), 'utf8');

describe('theme script', () => {
  it('is in the shell template exactly, after the theme-color meta it updates', () => {
    const element = `<script>${THEME_SCRIPT}</script>`;
    expect(template).toContain(element);
    expect(template.indexOf('name="theme-color"')).toBeLessThan(template.indexOf(element));
    expect(template.match(/<script>/g)).toHaveLength(1);
  });

  it('is allowed by its hash in the page policy', () => {
    expect(THEME_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`);
    const policy = contentSecurityPolicy({
      appUrl: 'http://localhost:3000',
      remoteUrls: { chat: null, team: null, settings: null, root: null },
    });
    expect(policy['script-src']).toContain(THEME_CSP_SOURCE);
  });
});
