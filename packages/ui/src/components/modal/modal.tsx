import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { isValidElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { IconButton } from '../button/icon-button';
import styles from './modal.module.css';

export type ModalMaxWidth = 'sm' | 'md' | 'lg' | 'xl';
/** 'auto' grows with the content up to 85vh; a number is a fixed height in vh. */
export type ModalHeight = 'auto' | 35 | 45 | 55 | 65;

export interface ModalProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'title' | 'children'> {
  /** Element that opens the modal (a button is best; plain text gets a default button). */
  trigger?: ReactNode;
  title: string;
  description?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  maxWidth?: ModalMaxWidth;
  height?: ModalHeight;
  children?: ReactNode;
}

export function Modal({
  trigger,
  title,
  description,
  open,
  defaultOpen,
  onOpenChange,
  maxWidth = 'md',
  height = 'auto',
  children,
  className,
  ...props
}: ModalProps) {
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger !== undefined && trigger !== null ? (
        isValidElement(trigger) ? (
          <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
        ) : (
          <Dialog.Trigger>{trigger}</Dialog.Trigger>
        )
      ) : null}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          // Without a description Radix would warn about a missing aria-describedby target.
          {...(description ? {} : { 'aria-describedby': undefined })}
          data-max-width={maxWidth}
          data-height={height}
          {...props}
          className={cx(styles.content, styles[`width-${maxWidth}`], styles[`height-${height}`], className)}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          </div>
          <div className={styles.body}>{children}</div>
          {/* Last in DOM order so that Radix focuses the first field of the body on open. */}
          <Dialog.Close asChild>
            <IconButton aria-label="Fechar" size="sm" className={styles.close}>
              <X size={18} aria-hidden="true" />
            </IconButton>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
