import type { HTMLAttributes } from 'react';
import { NavLink } from 'react-router-dom';
import { cx } from '../../lib/cx';
import type { TopNavLink } from '../top-nav/top-nav';
import styles from './tab-bar.module.css';

export interface TabBarProps extends HTMLAttributes<HTMLElement> {
  /** The same links as the TopNav, each with its icon. */
  links: TopNavLink[];
}

/** Badge text: phones have room for two digits. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * Bottom navigation for phones: icon and label per link, the active one marked, an
 * optional count badge. Shown only below 768 px (CSS), where the TopNav hides its links.
 */
export function TabBar({ links, className, ...props }: TabBarProps) {
  return (
    <nav aria-label="Navegação inferior" {...props} className={cx(styles.bar, className)}>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className={({ isActive }) => cx(styles.tab, isActive && styles.active)}>
          <span className={styles.icon} aria-hidden="true">
            {link.icon}
            {link.badge ? <span className={styles.badge}>{badgeText(link.badge)}</span> : null}
          </span>
          <span className={styles.label}>{link.label}</span>
          {link.badge ? <span className={styles.srOnly}>{`, ${link.badge} não lidas`}</span> : null}
        </NavLink>
      ))}
    </nav>
  );
}
