import { Modal } from '@chat/ui';
import styles from './message-image.module.css';

interface Props {
  src: string;
  alt: string;
  onClose: () => void;
}

/** An image of a message at full size, with a link that opens it in a new tab. */
export function ImageViewer({ src, alt, onClose }: Props) {
  return (
    <Modal title={alt} open onOpenChange={(open) => !open && onClose()} maxWidth="xl">
      <img className={styles.full} src={src} alt={alt} />
      <a className={styles.newTab} href={src} target="_blank" rel="noopener noreferrer">
        Abrir em nova aba
      </a>
    </Modal>
  );
}
