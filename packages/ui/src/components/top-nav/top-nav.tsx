import { LogOut } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cx } from '../../lib/cx';
import { IconButton } from '../button/icon-button';
import { Logo } from '../logo/logo';
import styles from './top-nav.module.css';

export interface TopNavLink {
  label: string;
  /** Absolute or relative (to the current route) path, as react-router's NavLink takes it. */
  to: string;
  /** Active only on an exact match (NavLink's `end`). */
  end?: boolean;
  /** Shown by the phone TabBar above the label (the desktop bar shows labels only). */
  icon?: ReactNode;
  /** A count shown as a badge by the phone TabBar (hidden when 0). */
  badge?: number;
}

export interface TopNavProps extends HTMLAttributes<HTMLElement> {
  links: TopNavLink[];
  onSignOut: () => void;
  /** Extra controls shown before the sign-out button. */
  actions?: ReactNode;
}

/**
 * The desktop and tablet navigation. Below 768 px its links give way to the TabBar at the bottom of
 * the screen (the layouts render both), and only the logo and the sign-out icon stay on top.
 */
export function TopNav({ links, onSignOut, actions, className, ...props }: TopNavProps) {
  return (
    <header {...props} className={cx(styles.nav, className)}>
      <div className={styles.inner}>
        <Logo withName size="sm" />
        <nav aria-label="Navegação principal" className={styles.links}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={({ isActive }) => cx(styles.link, isActive && styles.active)}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          {actions}
          <IconButton aria-label="Sair" title="Sair" onClick={onSignOut}>
            <LogOut size={18} aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </header>
  );
}
