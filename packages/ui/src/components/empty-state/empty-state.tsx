import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './empty-state.module.css';

export interface EmptyStateProps extends HTMLAttributes<HTMLDivElement> {
  text: ReactNode;
  icon?: ReactNode;
  /** Optional call to action below the text. */
  action?: ReactNode;
}

export function EmptyState({ text, icon, action, className, ...props }: EmptyStateProps) {
  return (
    <div {...props} className={cx(styles.root, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
}
