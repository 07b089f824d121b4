import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Spinner } from '../spinner/spinner';
import {
  buttonClassName,
  buttonDataAttributes,
  buttonSpinnerClassName,
  type ButtonColorType,
  type ButtonRounded,
  type ButtonSize,
  type ButtonVariant,
  type ButtonWidth,
} from './button-styles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  colorType?: ButtonColorType;
  size?: ButtonSize;
  /** Full width unless a fixed width is asked for. */
  width?: ButtonWidth;
  rounded?: ButtonRounded;
  variant?: ButtonVariant;
  /** Disables the button and replaces its content with a spinner and 'Carregando...'. */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    colorType = 'primary',
    size = 'md',
    width = 'full',
    rounded = 'md',
    variant = 'solid',
    loading = false,
    disabled,
    className,
    children,
    ...props
  },
  ref,
) {
  const look = { colorType, size, width, rounded, variant, loading };
  return (
    <button
      ref={ref}
      disabled={disabled || loading || colorType === 'disabled'}
      aria-busy={loading || undefined}
      {...buttonDataAttributes(look)}
      {...props}
      className={buttonClassName(look, className)}
    >
      {loading ? (
        <>
          <Spinner size="xsm" aria-hidden className={buttonSpinnerClassName} />
          Carregando...
        </>
      ) : (
        children
      )}
    </button>
  );
});
