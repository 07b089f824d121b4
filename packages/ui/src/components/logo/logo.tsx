import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import styles from './logo.module.css';

export const PRODUCT_NAME = 'Papo';

export type LogoSize = 'sm' | 'md' | 'lg';

export interface LogoProps extends HTMLAttributes<HTMLSpanElement> {
  /** Shows the product name beside the mark. */
  withName?: boolean;
  size?: LogoSize;
}

export function Logo({ withName = false, size = 'md', className, ...props }: LogoProps) {
  return (
    <span
      role={withName ? undefined : 'img'}
      aria-label={withName ? undefined : PRODUCT_NAME}
      data-size={size}
      {...props}
      className={cx(styles.logo, styles[size], className)}
    >
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M16 3C8.82 3 3 8.15 3 14.5c0 3.3 1.57 6.27 4.09 8.37L6 29l6.02-3.12c1.25.33 2.58.5 3.98.5 7.18 0 13-5.15 13-11.5S23.18 3 16 3Z"
        />
        <circle cx="10.5" cy="14.5" r="1.9" className={styles.dot} />
        <circle cx="16" cy="14.5" r="1.9" className={styles.dot} />
        <circle cx="21.5" cy="14.5" r="1.9" className={styles.dot} />
      </svg>
      {withName ? <span className={styles.name}>{PRODUCT_NAME}</span> : null}
    </span>
  );
}
