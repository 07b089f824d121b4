import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, ZoomIn, ZoomOut } from 'lucide-react';
import { FullScreenDialog, fullScreenDialogButtonClass, IconButton } from '@chat/ui';
import { dayLabel, timeOfDay } from '../../../shared/dates';
import { useCloseOnBack } from '../hooks/use-close-on-back';
import { useZoomPan, ZOOM_MAX, ZOOM_MIN } from '../hooks/use-zoom-pan';
import { downloadName, type GalleryImage } from '../lib/gallery';
import { FormattedText } from './formatted-text';
import styles from './image-viewer.module.css';

interface Props {
  /** The chat's loaded pictures, oldest first. */
  images: GalleryImage[];
  startId: string;
  onClose: () => void;
}

export const VIEWER_TEXTS = {
  previous: 'Imagem anterior',
  next: 'Próxima imagem',
  zoomIn: 'Aumentar zoom',
  zoomOut: 'Diminuir zoom',
  download: 'Baixar',
  position: (n: number, total: number) => `${n} de ${total}`,
} as const;

/**
 * The chat's pictures full screen on a dark background, as WhatsApp shows them: who sent it and
 * when, zoom (buttons, double click or tap, wheel, pinch) and panning, the chat's other loaded
 * pictures by the arrows (buttons or keys) or a swipe, 'Baixar', the caption under it. Escape,
 * 'Fechar' or the browser's back close it.
 */
export function ImageViewer({ images, startId, onClose }: Props) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      images.findIndex((i) => i.id === startId),
    ),
  );
  const image = images[Math.min(index, images.length - 1)]!;
  const imageRef = useRef<HTMLImageElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  useCloseOnBack(onClose);

  const go = useCallback((step: -1 | 1) => setIndex((i) => Math.min(images.length - 1, Math.max(0, i + step))), [images.length]);
  const zoom = useZoomPan({ imageRef, onSwipe: go });
  const { reset, onWheel } = zoom;
  useEffect(() => reset(), [index, reset]);

  // The wheel zooms; a passive React listener could not keep the page from scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      onWheel(event);
    };
    stage.addEventListener('wheel', wheel, { passive: false });
    return () => stage.removeEventListener('wheel', wheel);
  }, [onWheel]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=') zoom.zoomIn();
    else if (event.key === '-') zoom.zoomOut();
    else return;
    event.preventDefault();
  };

  // A small picture is shown larger to fill the screen, but at most twice its size: past that it
  // only shows its pixels.
  const [natural, setNatural] = useState<{ id: string; width: number; height: number } | null>(null);
  const cap = natural?.id === image.id ? { maxWidth: natural.width * 2, maxHeight: natural.height * 2 } : {};

  const { scale, x, y } = zoom.view;
  const hasPrevious = index > 0;
  const hasNext = index < images.length - 1;
  const when = `${dayLabel(image.createdAt)} às ${timeOfDay(image.createdAt)}`;
  return (
    <FullScreenDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={image.alt}
      subtitle={images.length > 1 ? `${when} · ${VIEWER_TEXTS.position(index + 1, images.length)}` : when}
      onKeyDown={onKeyDown}
      actions={
        <>
          <IconButton
            aria-label={VIEWER_TEXTS.zoomOut}
            title={VIEWER_TEXTS.zoomOut}
            className={`${styles.zoomButton} ${fullScreenDialogButtonClass}`}
            disabled={scale <= ZOOM_MIN}
            onClick={zoom.zoomOut}
          >
            <ZoomOut size={22} aria-hidden="true" />
          </IconButton>
          <IconButton
            aria-label={VIEWER_TEXTS.zoomIn}
            title={VIEWER_TEXTS.zoomIn}
            className={`${styles.zoomButton} ${fullScreenDialogButtonClass}`}
            disabled={scale >= ZOOM_MAX}
            onClick={zoom.zoomIn}
          >
            <ZoomIn size={22} aria-hidden="true" />
          </IconButton>
          <a
            className={`${styles.download} ${fullScreenDialogButtonClass}`}
            href={image.src}
            download={downloadName(image.src)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={VIEWER_TEXTS.download}
            title={VIEWER_TEXTS.download}
          >
            <Download size={22} aria-hidden="true" />
          </a>
        </>
      }
    >
      <div ref={stageRef} className={styles.stage} data-zoomed={scale > ZOOM_MIN ? '' : undefined} {...zoom.handlers}>
        <img
          key={image.id}
          ref={imageRef}
          className={styles.image}
          src={image.src}
          alt={image.alt}
          draggable={false}
          style={{ ...cap, transform: `translate(${x}px, ${y}px) scale(${scale})` }}
          onLoad={(event) =>
            setNatural({ id: image.id, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
      </div>
      {hasPrevious && (
        <IconButton
          aria-label={VIEWER_TEXTS.previous}
          title={VIEWER_TEXTS.previous}
          className={`${styles.nav} ${styles.previous} ${fullScreenDialogButtonClass}`}
          rounded="full"
          onClick={() => go(-1)}
        >
          <ChevronLeft size={28} aria-hidden="true" />
        </IconButton>
      )}
      {hasNext && (
        <IconButton
          aria-label={VIEWER_TEXTS.next}
          title={VIEWER_TEXTS.next}
          className={`${styles.nav} ${styles.next} ${fullScreenDialogButtonClass}`}
          rounded="full"
          onClick={() => go(1)}
        >
          <ChevronRight size={28} aria-hidden="true" />
        </IconButton>
      )}
      {image.caption && scale === ZOOM_MIN && (
        <p className={styles.caption}>
          <FormattedText text={image.caption} nameOf={() => undefined} meId="" />
        </p>
      )}
    </FullScreenDialog>
  );
}
