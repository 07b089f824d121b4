import type { ComponentType, ReactNode } from 'react';
import type { ActionMenuOption } from './action-menu';
import styles from './action-menu.module.css';

/** The props both Radix menus' items (DropdownMenu.Item, ContextMenu.Item) take here. */
interface ItemProps {
  className?: string;
  disabled?: boolean;
  'data-destructive'?: string;
  onSelect?: (event: Event) => void;
  children?: ReactNode;
}

/** The options of an ActionMenu or a LongPressMenu, drawn the same way in both. */
export function MenuItems({ options, Item }: { options: ActionMenuOption[]; Item: ComponentType<ItemProps> }) {
  return options.map((option) => (
    <Item
      key={option.label}
      className={styles.item}
      disabled={option.disabled}
      data-destructive={option.destructive ? '' : undefined}
      onSelect={() => option.action()}
    >
      {option.icon ? <span className={styles.icon}>{option.icon}</span> : null}
      {option.label}
    </Item>
  ));
}
