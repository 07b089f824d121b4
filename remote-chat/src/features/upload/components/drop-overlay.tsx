import { FileUp } from 'lucide-react';
import { ATTACH_TEXTS } from '../lib/attach-texts';
import styles from './drop-overlay.module.css';

/** Shown over the chat while files are dragged onto it. */
export function DropOverlay() {
  return (
    <div className={styles.overlay} aria-hidden="true">
      <div className={styles.box}>
        <FileUp size={32} />
        <span>{ATTACH_TEXTS.drop}</span>
      </div>
    </div>
  );
}
