import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './collapsible-section.module.css';

export interface CollapsibleSectionProps extends Omit<
  ComponentPropsWithoutRef<typeof Collapsible.Root>,
  'title' | 'open' | 'defaultOpen' | 'onOpenChange'
> {
  title: ReactNode;
  defaultOpen?: boolean;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called only when the section opens, e.g. to fetch its content lazily. */
  onOpen?: () => void;
  /** Height of the open content area in px; it scrolls beyond that. */
  contentHeight?: number;
  /**
   * The open area is as tall as its content, `contentHeight` at most (and without a cap on a
   * phone, where a box scrolling inside the scrolling page hides its last row). For content of a
   * known, modest size (a form, a short list); a virtual list needs the fixed height.
   */
  fit?: boolean;
  children?: ReactNode;
}

export function CollapsibleSection({
  title,
  defaultOpen = false,
  open: openProp,
  onOpenChange,
  onOpen,
  contentHeight = 300,
  fit = false,
  children,
  className,
  ...props
}: CollapsibleSectionProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;

  const handleOpenChange = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
    if (next) onOpen?.();
  };

  return (
    <Collapsible.Root open={open} onOpenChange={handleOpenChange} {...props} className={cx(styles.root, className)}>
      <Collapsible.Trigger className={styles.trigger}>
        <span>{title}</span>
        <ChevronDown className={styles.chevron} size={18} aria-hidden="true" />
      </Collapsible.Trigger>
      <Collapsible.Content className={styles.content}>
        <div
          className={styles.scroll}
          data-fit={fit ? '' : undefined}
          style={{ '--collapsible-height': `${contentHeight}px` } as CSSProperties}
        >
          {children}
        </div>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
