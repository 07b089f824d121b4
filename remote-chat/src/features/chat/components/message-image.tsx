import { Suspense, useMemo, useState } from 'react';
import { LazyImageViewer, useOpenInGallery } from './image-gallery';
import styles from './message-image.module.css';

interface Props {
  messageId: string;
  src: string;
  alt: string;
  /** Percent sent while the image is still uploading; the image opens full size only once it is sent. */
  progress?: number;
}

/**
 * An image inside a bubble. Messages carry no dimensions, so the frame has a fixed size (the
 * virtualised list measures a row once and must not see it grow when the file arrives); the
 * picture fits inside it. A click opens the chat's viewer at it (alone outside a chat).
 */
export function MessageImage({ messageId, src, alt, progress }: Props) {
  const openInGallery = useOpenInGallery();
  const [alone, setAlone] = useState(false);
  const open = () => (openInGallery ? openInGallery(messageId) : setAlone(true));
  const uploading = progress !== undefined;
  return (
    <>
      <button
        type="button"
        className={styles.frame}
        title={uploading ? undefined : 'Ver em tamanho real'}
        disabled={uploading}
        onClick={open}
      >
        <img className={styles.image} src={src} alt={alt} decoding="async" />
        {uploading && (
          <span className={styles.progress}>
            <span
              className={styles.track}
              role="progressbar"
              aria-label="Enviando imagem"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <span className={styles.bar} style={{ width: `${progress}%` }} />
            </span>
            <span className={styles.percent}>{progress}%</span>
          </span>
        )}
      </button>
      {alone && <AloneViewer id={messageId} src={src} alt={alt} onClose={() => setAlone(false)} />}
    </>
  );
}

/** A picture shown outside a chat's gallery: a gallery of one, open. */
function AloneViewer({ id, src, alt, onClose }: { id: string; src: string; alt: string; onClose: () => void }) {
  const [openedAt] = useState(() => new Date().toISOString());
  const images = useMemo(() => [{ id, src, alt, authorName: '', createdAt: openedAt }], [id, src, alt, openedAt]);
  return (
    <Suspense fallback={null}>
      <LazyImageViewer images={images} startId={id} onClose={onClose} />
    </Suspense>
  );
}
