import { TriangleAlert } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './error-panel.module.css';

export interface ErrorPanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** E.g. a "Tentar novamente" button. */
  action?: ReactNode;
}

export function ErrorPanel({ title, description, action, className, ...props }: ErrorPanelProps) {
  return (
    <div role="alert" {...props} className={cx(styles.panel, className)}>
      <TriangleAlert className={styles.icon} size={20} aria-hidden="true" />
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        {description ? <p className={styles.description}>{description}</p> : null}
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </div>
  );
}
