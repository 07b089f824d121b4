import { forwardRef, type ButtonHTMLAttributes } from 'react';
import {
  buttonClassName,
  buttonDataAttributes,
  type ButtonColorType,
  type ButtonRounded,
  type ButtonSize,
  type ButtonVariant,
} from './button-styles';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** An icon-only control needs a name for screen readers. */
  'aria-label': string;
  colorType?: ButtonColorType;
  size?: ButtonSize;
  rounded?: ButtonRounded;
  variant?: ButtonVariant;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { colorType = 'primary', size = 'md', rounded = 'md', variant = 'ghost', type = 'button', disabled, className, ...props },
  ref,
) {
  const look = { colorType, size, rounded, variant, square: true };
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || colorType === 'disabled'}
      {...buttonDataAttributes(look)}
      {...props}
      className={buttonClassName(look, className)}
    />
  );
});
