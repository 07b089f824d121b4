import { lazy, Suspense, useState } from 'react';
import styles from './message-image.module.css';

// The full-size viewer loads on the first click on an image.
const ImageViewer = lazy(async () => ({ default: (await import('./image-viewer')).ImageViewer }));

interface Props {
  src: string;
  alt: string;
  /** Percent sent while the image is still uploading; the image opens full size only once it is sent. */
  progress?: number;
}

/**
 * An image inside a bubble. Messages carry no dimensions, so the frame has a fixed size (the
 * virtualised list measures a row once and must not see it grow when the file arrives); the
 * picture fits inside it. A click opens it full size in a modal.
 */
export function MessageImage({ src, alt, progress }: Props) {
  const [open, setOpen] = useState(false);
  const uploading = progress !== undefined;
  return (
    <>
      <button
        type="button"
        className={styles.frame}
        title={uploading ? undefined : 'Ver em tamanho real'}
        disabled={uploading}
        onClick={() => setOpen(true)}
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
      {/* Mounted only while open: a long history would otherwise hold a dialog per image. */}
      {open && (
        <Suspense fallback={null}>
          <ImageViewer src={src} alt={alt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
