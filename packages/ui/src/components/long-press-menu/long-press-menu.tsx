import * as ContextMenu from '@radix-ui/react-context-menu';
import { useSyncExternalStore, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import type { ActionMenuOption } from '../action-menu/action-menu';
import styles from '../action-menu/action-menu.module.css';
import { MenuItems } from '../action-menu/menu-items';

const TOUCH_QUERY = '(pointer: coarse)';
const subscribeTouch = (onChange: () => void) => {
  const query = window.matchMedia?.(TOUCH_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isTouch = () => window.matchMedia?.(TOUCH_QUERY).matches ?? false;

/** One of the quick choices shown in a row above the options (a reaction, say). */
export interface QuickMenuChoice {
  /** The accessible name ('Reagir com 👍'). */
  label: string;
  content: ReactNode;
  action: () => void;
}

export interface LongPressMenuProps {
  options: ActionMenuOption[];
  /** A row of quick choices above the options, as the peers' long-press sheets have. */
  quick?: QuickMenuChoice[];
  /** The element pressed and held (one element, e.g. a message bubble). */
  children: ReactNode;
  className?: string;
}

/**
 * The same options as an ActionMenu, opened by pressing and holding the child on a touch screen
 * (Radix ContextMenu does the long-press). With a mouse it stays off, so a right click keeps the
 * browser's own menu (copying a selection, for one) and the ActionMenu button is the way in.
 */
export function LongPressMenu({ options, quick, children, className }: LongPressMenuProps) {
  const touch = useSyncExternalStore(subscribeTouch, isTouch, () => false);
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild disabled={!touch}>
        {children}
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={cx(styles.content, className)}>
          {quick && quick.length > 0 && (
            <ContextMenu.Group className={styles.quickRow}>
              {quick.map((choice) => (
                <ContextMenu.Item key={choice.label} aria-label={choice.label} className={styles.quickItem} onSelect={choice.action}>
                  {choice.content}
                </ContextMenu.Item>
              ))}
            </ContextMenu.Group>
          )}
          <MenuItems options={options} Item={ContextMenu.Item} />
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
