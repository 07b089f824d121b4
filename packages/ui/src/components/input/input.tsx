import { forwardRef, type InputHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { useFormFieldControl } from '../form-field/form-field-context';
import styles from './input.module.css';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** Plain text input; forwards its ref so react-hook-form's register() works. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ id, type = 'text', className, ...props }, ref) {
  const field = useFormFieldControl(id);
  return (
    <input
      ref={ref}
      id={field.id}
      type={type}
      aria-invalid={field.invalid || undefined}
      aria-describedby={field.describedBy}
      {...props}
      className={cx(styles.control, styles.input, className)}
    />
  );
});
