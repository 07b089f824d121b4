import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './tabs.module.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps extends Omit<ComponentPropsWithoutRef<typeof TabsPrimitive.Root>, 'children'> {
  tabs: TabItem[];
  /** Accessible name of the tab list. */
  listLabel?: string;
}

export function Tabs({ tabs, defaultValue, value, listLabel, className, ...props }: TabsProps) {
  return (
    <TabsPrimitive.Root
      // Uncontrolled tabs start on the first one unless told otherwise.
      defaultValue={value === undefined ? (defaultValue ?? tabs[0]?.value) : undefined}
      value={value}
      {...props}
      className={cx(styles.root, className)}
    >
      <TabsPrimitive.List className={styles.list} aria-label={listLabel}>
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className={styles.trigger}>
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className={styles.content}>
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
