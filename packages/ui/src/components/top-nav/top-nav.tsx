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
}

export interface TopNavProps extends HTMLAttributes<HTMLElement> {
  links: TopNavLink[];
  onSignOut: () => void;
  /** Extra controls shown before the sign-out button. */
  actions?: ReactNode;
}

export function TopNav({ links, onSignOut, actions, className, ...props }: TopNavProps) {
  return (
    <header {...props} className={cx(styles.nav, className)}>
      <div className={styles.inner}>
        <Logo withName size="sm" />
        <nav aria-label="Navegação principal" className={styles.links}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) => cx(styles.link, isActive && styles.active)}
            >
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
