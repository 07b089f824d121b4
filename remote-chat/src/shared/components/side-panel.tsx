import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { IconButton, Spinner } from '@chat/ui';
import styles from './side-panel.module.css';

interface Props {
  title: string;
  /** Below 1024 px (a sheet) the panel has a close button; `alwaysClosable` keeps it from 1024 px too. */
  onClose?: () => void;
  alwaysClosable?: boolean;
  children: ReactNode;
}

/** A side panel of the open chat: beside it on desktops, a sheet on tablets and phones. */
export function SidePanel({ title, onClose, alwaysClosable, children }: Props) {
  return (
    <aside className={styles.panel} aria-label={title} data-closable={alwaysClosable ? '' : undefined}>
      <div className={styles.heading}>
        <h2 className={styles.title}>{title}</h2>
        {onClose && (
          <IconButton aria-label="Fechar detalhes" title="Fechar" className={styles.close} onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </IconButton>
        )}
      </div>
      {children}
    </aside>
  );
}

/** Holds a panel's place while its code arrives (the panels load on first open). */
export function SidePanelFallback() {
  return (
    <aside className={styles.panel} aria-busy="true">
      <Spinner size="md" />
    </aside>
  );
}
