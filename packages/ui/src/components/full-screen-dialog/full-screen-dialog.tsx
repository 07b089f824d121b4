import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { IconButton } from '../button/icon-button';
import styles from './full-screen-dialog.module.css';

export interface FullScreenDialogProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'title' | 'children'> {
  /** The dialog's name, shown in its top bar. */
  title: string;
  /** A second line under the title (a date, a count). */
  subtitle?: ReactNode;
  /** Buttons of the top bar, before 'Fechar'. */
  actions?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

/**
 * A dark dialog over the whole screen, for looking at something (a photo) rather than filling a
 * form: a top bar with the title, the caller's actions and 'Fechar'; the body takes the rest.
 * Escape and 'Fechar' close it (Radix Dialog).
 */
export function FullScreenDialog({ title, subtitle, actions, open, onOpenChange, children, className, ...props }: FullScreenDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content aria-describedby={undefined} {...props} className={cx(styles.content, className)}>
          <div className={styles.bar}>
            <div className={styles.heading}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {subtitle ? <div className={styles.subtitle}>{subtitle}</div> : null}
            </div>
            <div className={styles.actions}>
              {actions}
              <Dialog.Close asChild>
                <IconButton aria-label="Fechar" title="Fechar" className={styles.button}>
                  <X size={22} aria-hidden="true" />
                </IconButton>
              </Dialog.Close>
            </div>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The class of a light-on-dark icon button for the top bar's actions. */
export const fullScreenDialogButtonClass = styles.button;
