import * as AvatarPrimitive from '@radix-ui/react-avatar';
import type { ComponentPropsWithoutRef } from 'react';
import { cx } from '../../lib/cx';
import { identityColor, initialsOf } from '../../lib/identity-color';
import styles from './avatar.module.css';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

export interface AvatarProps extends ComponentPropsWithoutRef<typeof AvatarPrimitive.Root> {
  src?: string | null;
  /** The image's alternative text, and the initials shown without a photo. */
  name: string;
  /** What the colour behind the initials derives from (the person's or group's id); the name without it. */
  colorKey?: string;
  size?: AvatarSize;
}

const sizeClass: Record<AvatarSize, string | undefined> = {
  xs: styles.xs,
  sm: styles.sm,
  md: styles.md,
  lg: styles.lg,
  xl: styles.xl,
  '2xl': styles['size-2xl'],
};

export function Avatar({ src, name, colorKey, size = 'md', className, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root data-size={size} {...props} className={cx(styles.root, sizeClass[size], className)}>
      {src ? <AvatarPrimitive.Image className={styles.image} src={src} alt={name} /> : null}
      {/* With a url, wait briefly so a fast-loading photo does not flash the initials. */}
      <AvatarPrimitive.Fallback
        className={styles.fallback}
        delayMs={src ? 300 : undefined}
        role="img"
        aria-label={name}
        data-initials={initialsOf(name)}
        style={{ backgroundColor: identityColor(colorKey ?? name) }}
      />
    </AvatarPrimitive.Root>
  );
}
