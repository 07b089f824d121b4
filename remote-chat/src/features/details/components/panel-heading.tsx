import { X } from 'lucide-react';
import { IconButton } from '@chat/ui';
import styles from './details-panel.module.css';

/** A details panel's title, with the close button its sheet form needs below 1024 px (issue 13). */
export function PanelHeading({ title, onClose }: { title: string; onClose?: () => void }) {
  return (
    <div className={styles.heading}>
      <h2 className={styles.title}>{title}</h2>
      {onClose && (
        <IconButton aria-label="Fechar detalhes" title="Fechar" className={styles.close} onClick={onClose}>
          <X size={20} aria-hidden="true" />
        </IconButton>
      )}
    </div>
  );
}
