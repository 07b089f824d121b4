import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import styles from './spinner.module.css';

export type SpinnerSize = 'xsm' | 'sm' | 'md' | 'lg' | 'xlg';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  size?: SpinnerSize;
  /** Accessible name; ignored when the spinner is decorative (aria-hidden). */
  label?: string;
}

export function Spinner({ size = 'md', label = 'Carregando', className, ...props }: SpinnerProps) {
  const decorative = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-label={decorative ? undefined : label}
      data-size={size}
      {...props}
      className={cx(styles.spinner, styles[size], className)}
    />
  );
}
