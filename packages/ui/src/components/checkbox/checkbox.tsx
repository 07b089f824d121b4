import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as LabelPrimitive from '@radix-ui/react-label';
import { Check, Minus } from 'lucide-react';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithoutRef<typeof CheckboxPrimitive.Root>, 'onCheckedChange'> {
  label?: ReactNode;
  /** Called with a plain boolean, so react-hook-form's field.onChange can be passed as is. */
  onCheckedChange?: (checked: boolean) => void;
  /** Class of the wrapper holding the box and its label; className goes to the box. */
  wrapperClassName?: string;
}

export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { id, label, onCheckedChange, className, wrapperClassName, ...props },
  ref,
) {
  const generatedId = useId();
  const boxId = id ?? generatedId;
  return (
    <span className={cx(styles.wrapper, wrapperClassName)}>
      <CheckboxPrimitive.Root
        ref={ref}
        id={boxId}
        onCheckedChange={(state) => onCheckedChange?.(state === true)}
        {...props}
        className={cx(styles.root, className)}
      >
        <CheckboxPrimitive.Indicator className={styles.indicator}>
          {props.checked === 'indeterminate' ? (
            <Minus size={14} strokeWidth={3} aria-hidden="true" />
          ) : (
            <Check size={14} strokeWidth={3} aria-hidden="true" />
          )}
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      {label ? (
        <LabelPrimitive.Root htmlFor={boxId} className={styles.label}>
          {label}
        </LabelPrimitive.Root>
      ) : null}
    </span>
  );
});
