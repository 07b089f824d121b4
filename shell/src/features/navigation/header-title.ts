/** docs/produto.md, Telas: 'Configurações' on settings, 'Equipe' on team, 'Conversas' elsewhere. */
export function headerTitle(pathname: string): string {
  if (pathname.startsWith('/auth/settings')) return 'Configurações';
  if (pathname.startsWith('/auth/team')) return 'Equipe';
  return 'Conversas';
}
