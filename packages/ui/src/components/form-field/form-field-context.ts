import { createContext, useContext } from 'react';

export interface FormFieldState {
  controlId: string;
  errorId: string | undefined;
  invalid: boolean;
}

export const FormFieldContext = createContext<FormFieldState | null>(null);

/**
 * Lets an input inside a FormField pick up aria-invalid/aria-describedby without the caller
 * wiring them by hand. Explicit props on the input still win.
 */
export function useFormFieldControl(id: string | undefined) {
  const field = useContext(FormFieldContext);
  if (!field || (id !== undefined && id !== field.controlId)) {
    return { id, invalid: false, describedBy: undefined };
  }
  return { id: field.controlId, invalid: field.invalid, describedBy: field.errorId };
}
