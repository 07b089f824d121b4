import { Spinner } from '@chat/ui';
import styles from './details-panel.module.css';

/** Holds the panel's place while its code arrives (the panels load on first open). */
export function PanelFallback() {
  return (
    <aside className={styles.panel} aria-busy="true">
      <Spinner size="md" />
    </aside>
  );
}
