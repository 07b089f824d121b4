import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { GalleryImage } from '../lib/gallery';

// Loaded on the first click on a picture.
export const LazyImageViewer = lazy(async () => ({ default: (await import('./image-viewer')).ImageViewer }));

const GalleryContext = createContext<((id: string) => void) | null>(null);

/** Opens the chat's viewer at this message's picture; null outside a chat (a lone picture opens itself). */
export const useOpenInGallery = () => useContext(GalleryContext);

interface Props {
  images: GalleryImage[];
  children: ReactNode;
}

/**
 * The open chat's one picture viewer: any picture of the history opens it, and it pages through
 * all the pictures loaded in the chat. Mounted only while open.
 */
export function ImageGallery({ images, children }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);
  const shown = useMemo(() => (openId && !images.some((i) => i.id === openId) ? [] : images), [images, openId]);
  return (
    <GalleryContext.Provider value={setOpenId}>
      {children}
      {openId && shown.length > 0 && (
        <Suspense fallback={null}>
          <LazyImageViewer images={shown} startId={openId} onClose={close} />
        </Suspense>
      )}
    </GalleryContext.Provider>
  );
}
