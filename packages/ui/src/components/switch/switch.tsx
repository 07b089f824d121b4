import * as SwitchPrimitive from '@radix-ui/react-switch';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cx } from '../../lib/cx';
import styles from './switch.module.css';

export type SwitchProps = ComponentPropsWithoutRef<typeof SwitchPrimitive.Root>;

/** An on/off switch (Radix): role="switch", state in data-state; label it with a <label htmlFor>. */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch({ className, ...props }, ref) {
  return (
    <SwitchPrimitive.Root ref={ref} {...props} className={cx(styles.root, className)}>
      <SwitchPrimitive.Thumb className={styles.thumb} />
    </SwitchPrimitive.Root>
  );
});
