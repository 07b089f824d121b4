import { Building2, MessageCircle, ScrollText, Settings, Users } from 'lucide-react';
import type { Role } from '@chat/contracts';
import type { TopNavLink } from '@chat/ui';

const ICON_SIZE = 22;

/** The main navigation (docs/produto.md, Telas), with the icons the phone tab bar shows. */
export function authLinks(role: Role | undefined, unread: number): TopNavLink[] {
  return [
    { label: 'Conversas', to: '/auth/conversations', icon: <MessageCircle size={ICON_SIZE} />, badge: unread },
    ...(role === 'ADMIN' ? [{ label: 'Equipe', to: '/auth/team', icon: <Users size={ICON_SIZE} /> }] : []),
    { label: 'Configurações', to: '/auth/settings', icon: <Settings size={ICON_SIZE} /> },
  ];
}

/** The ROOT area's bar (relative links, docs/produto.md, Telas). */
export const ROOT_LINKS: TopNavLink[] = [
  { label: 'Workspaces', to: 'workspaces', icon: <Building2 size={ICON_SIZE} /> },
  { label: 'Atividades', to: 'audit', icon: <ScrollText size={ICON_SIZE} /> },
  { label: 'Configurações', to: 'settings', icon: <Settings size={ICON_SIZE} /> },
];

/** A chat is open (/auth/conversations/:id...): on phones it takes the whole screen. */
export const isChatOpen = (pathname: string) => /^\/auth\/conversations\/[^/]+/.test(pathname);
