import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './page-header.module.css';

export interface PageHeaderProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: ReactNode;
  /** Buttons shown on the right side. */
  actions?: ReactNode;
  /** A smaller title and less space, for a page whose content should have the height (a chat). */
  compact?: boolean;
}

export function PageHeader({ title, actions, compact, className, ...props }: PageHeaderProps) {
  return (
    <header {...props} className={cx(styles.header, compact && styles.compact, className)}>
      <h1 className={styles.title}>{title}</h1>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
