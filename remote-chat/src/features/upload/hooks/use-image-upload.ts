import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ERROR_TEXTS } from '@chat/contracts';
import { toast } from '@chat/ui';
import { UploadError, uploadImage } from '../lib/upload-image';

/** An image on its way to the media store, shown as a PENDING bubble with its local preview. */
export interface PendingUpload {
  clientId: string;
  /** An object URL of the picked file: the bubble shows it before anything reached the server. */
  previewUrl: string;
  /** Percent of the file sent (0-100). */
  progress: number;
  failed: boolean;
  createdAt: string;
}

export interface ImageUploads {
  uploads: PendingUpload[];
  /** Uploads a picked (already validated) image, then hands its public URL to `onUploaded`. */
  start: (file: File) => void;
  /** Starts a failed upload again; false when `clientId` is not one of these uploads. */
  retry: (clientId: string) => boolean;
}

function showFailure(error: unknown) {
  const failure = error instanceof UploadError ? error : new UploadError(ERROR_TEXTS.upload.unexpected);
  toast({ type: 'error', title: failure.detail ?? 'Erro', description: failure.message });
}

/**
 * The upload half of an image message (SPEC section 7): each picked file gets a clientId and a
 * local preview at once, uploads with progress, and on success leaves this list once
 * `onUploaded(publicUrl, clientId)` has put it into the chat as a PENDING message with that
 * clientId (same row, so the bubble stays in place). A failure keeps the bubble, with the file,
 * for 'Tentar novamente'; offline, or when the server cannot be reached, `keep` hands the file to
 * the outbox instead (issue 16). Uploads still running when the chat closes finish and send.
 */
export function useImageUpload(
  onUploaded: (publicUrl: string, clientId: string) => void | Promise<void>,
  /** Issue 16: an image that cannot reach the server now goes to the outbox with its file. */
  keep?: (file: File, clientId: string) => void,
): ImageUploads {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const files = useRef(new Map<string, { file: File; previewUrl: string }>());
  const latestOnUploaded = useRef(onUploaded);
  const latestKeep = useRef(keep);
  useLayoutEffect(() => {
    latestOnUploaded.current = onUploaded;
    latestKeep.current = keep;
  });

  /** Hands an upload over to the outbox, which uploads it when the connection is back. */
  const handOver = useCallback((clientId: string, file: File) => {
    const entry = files.current.get(clientId);
    files.current.delete(clientId);
    setUploads((list) => list.filter((u) => u.clientId !== clientId));
    if (entry) URL.revokeObjectURL(entry.previewUrl);
    latestKeep.current?.(file, clientId);
  }, []);

  const patch = useCallback((clientId: string, change: Partial<PendingUpload>) => {
    setUploads((list) => list.map((u) => (u.clientId === clientId ? { ...u, ...change } : u)));
  }, []);

  const run = useCallback(
    async (clientId: string) => {
      const entry = files.current.get(clientId);
      if (!entry) return;
      try {
        const publicUrl = await uploadImage(entry.file, (progress) => patch(clientId, { progress }));
        files.current.delete(clientId);
        // Left once the message holds the bubble (withUploads shows one of the two meanwhile).
        await latestOnUploaded.current(publicUrl, clientId);
        setUploads((list) => list.filter((u) => u.clientId !== clientId));
        // The bubble now points at the public URL (its img keeps showing the loaded preview until then).
        URL.revokeObjectURL(entry.previewUrl);
      } catch (error) {
        if (error instanceof UploadError && error.unreachable && latestKeep.current) return handOver(clientId, entry.file);
        patch(clientId, { failed: true });
        showFailure(error);
      }
    },
    [patch, handOver],
  );

  const start = useCallback(
    (file: File) => {
      const clientId = crypto.randomUUID();
      if (!navigator.onLine && latestKeep.current) {
        latestKeep.current(file, clientId);
        return;
      }
      const previewUrl = URL.createObjectURL(file);
      files.current.set(clientId, { file, previewUrl });
      setUploads((list) => [
        ...list,
        { clientId, previewUrl, progress: 0, failed: false, createdAt: new Date().toISOString() },
      ]);
      void run(clientId);
    },
    [run],
  );

  const retry = useCallback(
    (clientId: string) => {
      if (!files.current.has(clientId)) return false;
      patch(clientId, { failed: false, progress: 0 });
      void run(clientId);
      return true;
    },
    [patch, run],
  );

  // Previews of uploads that never finished are of no use once the chat is gone.
  useEffect(() => {
    const held = files.current;
    return () => held.forEach(({ previewUrl }) => URL.revokeObjectURL(previewUrl));
  }, []);

  return { uploads, start, retry };
}
