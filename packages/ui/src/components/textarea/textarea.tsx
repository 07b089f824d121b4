import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { useFormFieldControl } from '../form-field/form-field-context';
import inputStyles from '../input/input.module.css';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ id, rows = 3, className, ...props }, ref) {
  const field = useFormFieldControl(id);
  return (
    <textarea
      ref={ref}
      id={field.id}
      rows={rows}
      aria-invalid={field.invalid || undefined}
      aria-describedby={field.describedBy}
      {...props}
      className={cx(inputStyles.control, inputStyles.textarea, className)}
    />
  );
});
