import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { ToastCard } from './toast-card';
import { getToasts, subscribeToasts } from '@chat/ui/toast-store';
import styles from './toast.module.css';

export type ToastSwipeDirection = 'right' | 'left' | 'up' | 'down';

export interface ToastProviderProps {
  children?: ReactNode;
  /** Fallback duration for toasts without one (toast() always sets PRODUCT_TOAST_DURATION). */
  duration?: number;
  swipeDirection?: ToastSwipeDirection;
  /** Announced to screen readers with each toast. */
  label?: string;
  viewportClassName?: string;
}

/** Mount once, near the root of the shell. Renders every toast from the shared store. */
export function ToastProvider({
  children,
  duration = 5000,
  swipeDirection = 'right',
  label = 'Notificação',
  viewportClassName,
}: ToastProviderProps) {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastPrimitive.Provider duration={duration} swipeDirection={swipeDirection} label={label}>
      {children}
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport label="Notificações ({hotkey})" className={cx(styles.viewport, viewportClassName)} />
    </ToastPrimitive.Provider>
  );
}
