import { cx } from '../../lib/cx';
import styles from './button.module.css';

export type ButtonColorType = 'primary' | 'destructive' | 'disabled';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';
export type ButtonWidth = 'sm' | 'md' | 'lg' | 'xl' | 'full';
export type ButtonRounded = 'full' | 'md' | 'lg' | 'xl' | 'none';
export type ButtonVariant = 'solid' | 'ghost' | 'outline';

interface ButtonLook {
  colorType: ButtonColorType;
  size: ButtonSize;
  rounded: ButtonRounded;
  variant: ButtonVariant;
  width?: ButtonWidth;
  square?: boolean;
  loading?: boolean;
}

/** Shared by Button and IconButton so both read the same variant classes. */
export function buttonClassName(look: ButtonLook, className?: string): string {
  return cx(
    styles.button,
    styles[`color-${look.colorType}`],
    styles[`variant-${look.variant}`],
    styles[`size-${look.size}`],
    styles[`rounded-${look.rounded}`],
    look.width && styles[`width-${look.width}`],
    look.square && styles.icon,
    look.loading && styles.loading,
    className,
  );
}

export function buttonDataAttributes(look: ButtonLook) {
  return {
    'data-color-type': look.colorType,
    'data-variant': look.variant,
    'data-size': look.size,
    'data-rounded': look.rounded,
    'data-width': look.width,
    'data-loading': look.loading ? '' : undefined,
  };
}

export const buttonSpinnerClassName = styles.spinner;
