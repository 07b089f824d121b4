import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { cx } from '../../lib/cx';
import { IconButton } from '../button/icon-button';
import { Input, type InputProps } from '../input/input';
import inputStyles from '../input/input.module.css';

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  /** Class of the wrapper holding the input and the eye toggle; className goes to the input. */
  wrapperClassName?: string;
}

export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { className, wrapperClassName, disabled, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={cx(inputStyles.adorned, wrapperClassName)} data-state={visible ? 'visible' : 'hidden'}>
      <Input
        ref={ref}
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        disabled={disabled}
        {...props}
        className={className}
      />
      <IconButton
        aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
        size="sm"
        className={inputStyles.trailing}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </IconButton>
    </div>
  );
});
