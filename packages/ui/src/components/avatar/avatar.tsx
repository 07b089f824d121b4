import * as AvatarPrimitive from '@radix-ui/react-avatar';
import type { ComponentPropsWithoutRef } from 'react';
import { AVATAR_PLACEHOLDER_URL } from '../../assets/avatar-placeholder';
import { cx } from '../../lib/cx';
import styles from './avatar.module.css';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

export interface AvatarProps extends ComponentPropsWithoutRef<typeof AvatarPrimitive.Root> {
  src?: string | null;
  /** Used as the image's alternative text. */
  name: string;
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

export function Avatar({ src, name, size = 'md', className, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root data-size={size} {...props} className={cx(styles.root, sizeClass[size], className)}>
      {src ? <AvatarPrimitive.Image className={styles.image} src={src} alt={name} /> : null}
      {/* With a url, wait briefly so a fast-loading photo does not flash the silhouette. */}
      <AvatarPrimitive.Fallback className={styles.fallback} delayMs={src ? 300 : undefined}>
        <img className={styles.image} src={AVATAR_PLACEHOLDER_URL} alt={name} />
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
