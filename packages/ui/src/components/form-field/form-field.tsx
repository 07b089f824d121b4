import * as LabelPrimitive from '@radix-ui/react-label';
import { useMemo, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FormFieldContext } from './form-field-context';
import styles from './form-field.module.css';

export interface FormFieldProps extends HTMLAttributes<HTMLDivElement> {
  label: ReactNode;
  /** Id of the control inside; the label points at it. */
  htmlFor: string;
  /** Validation message, shown in red beside the label. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

export function FormField({ label, htmlFor, error, hint, required, children, className, ...props }: FormFieldProps) {
  const errorId = error ? `${htmlFor}-error` : undefined;
  const state = useMemo(() => ({ controlId: htmlFor, errorId, invalid: Boolean(error) }), [htmlFor, errorId, error]);
  return (
    <div data-invalid={error ? '' : undefined} {...props} className={cx(styles.field, className)}>
      <div className={styles.labelRow}>
        <LabelPrimitive.Root htmlFor={htmlFor} className={styles.label}>
          {label}
          {required ? (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          ) : null}
        </LabelPrimitive.Root>
        {error ? (
          <span id={errorId} role="alert" className={styles.error}>
            {error}
          </span>
        ) : null}
      </div>
      <FormFieldContext.Provider value={state}>{children}</FormFieldContext.Provider>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </div>
  );
}
