import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisVertical } from 'lucide-react';
import { isValidElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { IconButton } from '../button/icon-button';
import styles from './action-menu.module.css';
import { MenuItems } from './menu-items';

export interface ActionMenuOption {
  label: string;
  icon?: ReactNode;
  action: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

/** Same shape under the name the original spec uses ("Menu option"). */
export type MenuOption = ActionMenuOption;

export interface ActionMenuProps extends Omit<ComponentPropsWithoutRef<typeof DropdownMenu.Content>, 'children'> {
  options: ActionMenuOption[];
  /** Element that opens the menu; defaults to a "more" icon button. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  modal?: boolean;
}

export function ActionMenu({
  options,
  trigger,
  align = 'end',
  sideOffset = 4,
  open,
  onOpenChange,
  modal,
  className,
  ...props
}: ActionMenuProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      {trigger === undefined || trigger === null ? (
        <DropdownMenu.Trigger asChild>
          <IconButton aria-label="Mais opções" size="sm">
            <EllipsisVertical size={18} aria-hidden="true" />
          </IconButton>
        </DropdownMenu.Trigger>
      ) : isValidElement(trigger) ? (
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      ) : (
        <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      )}
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={sideOffset} {...props} className={cx(styles.content, className)}>
          <MenuItems options={options} Item={DropdownMenu.Item} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
