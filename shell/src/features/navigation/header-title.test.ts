import { describe, expect, it } from 'vitest';
import { headerTitle } from './header-title';

describe('headerTitle', () => {
  it.each([
    ['/auth/settings', 'Configurações'],
    ['/auth/settings/conta', 'Configurações'],
    ['/auth/team', 'Equipe'],
    ['/auth/conversations', 'Conversas'],
    ['/auth/conversations/abc/group', 'Conversas'],
    ['/auth', 'Conversas'],
  ])('%s -> %s', (path, title) => {
    expect(headerTitle(path)).toBe(title);
  });
});
