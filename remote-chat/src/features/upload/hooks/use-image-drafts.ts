import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { validateImageFile } from '@chat/contracts';
import { toast } from '@chat/ui';
import { MAX_IMAGES_PER_SEND, UPLOAD_TEXTS } from '../lib/upload-texts';

/** A picked image not sent yet: its file, a preview URL and its own caption. */
export interface ImageDraft {
  id: string;
  file: File;
  previewUrl: string;
  caption: string;
}

export interface ImageDrafts {
  drafts: ImageDraft[];
  /** The one shown large, whose caption is being written. */
  selected: ImageDraft | null;
  /** Files picked, pasted or dropped: the ones that pass the upload checks join, the others get their alert. */
  add: (files: Iterable<File>) => void;
  select: (id: string) => void;
  setCaption: (id: string, caption: string) => void;
  remove: (id: string) => void;
  /** Cancel all (or all sent): the previews are let go of. */
  clear: () => void;
}

let nextId = 0;

/**
 * The images chosen in the message box before they are sent, as in WhatsApp: each with its own
 * caption, any one removed, all cancelled. Only files that would be accepted enter (the same
 * alerts as before: 'Tipo de arquivo inválido', 'Arquivo muito grande (máx 10MB)').
 */
export function useImageDrafts(): ImageDrafts {
  const [drafts, setDrafts] = useState<ImageDraft[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The list as the handlers below must see it, between renders too (a pick right after a remove).
  const kept = useRef<ImageDraft[]>([]);
  useLayoutEffect(() => {
    kept.current = drafts;
  }, [drafts]);
  const update = useCallback((next: ImageDraft[]) => {
    kept.current = next;
    setDrafts(next);
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const accepted: ImageDraft[] = [];
      const alerts = new Set<string>();
      for (const file of files) {
        const alert = validateImageFile(file);
        if (alert) alerts.add(alert);
        else accepted.push({ id: `draft-${(nextId += 1)}`, file, previewUrl: URL.createObjectURL(file), caption: '' });
      }
      const room = MAX_IMAGES_PER_SEND - kept.current.length;
      if (accepted.length > room) {
        alerts.add(UPLOAD_TEXTS.tooMany(MAX_IMAGES_PER_SEND));
        for (const extra of accepted.splice(Math.max(0, room))) URL.revokeObjectURL(extra.previewUrl);
      }
      alerts.forEach((title) => toast({ type: 'alert', title }));
      if (accepted.length === 0) return;
      update([...kept.current, ...accepted]);
      setSelectedId(accepted[0]!.id);
    },
    [update],
  );

  const remove = useCallback(
    (id: string) => {
      const list = kept.current;
      const index = list.findIndex((d) => d.id === id);
      if (index === -1) return;
      URL.revokeObjectURL(list[index]!.previewUrl);
      const next = list.filter((d) => d.id !== id);
      update(next);
      // The neighbour takes its place, as in a gallery.
      setSelectedId((current) => (current === id ? (next[Math.min(index, next.length - 1)]?.id ?? null) : current));
    },
    [update],
  );

  const clear = useCallback(() => {
    kept.current.forEach((d) => URL.revokeObjectURL(d.previewUrl));
    update([]);
    setSelectedId(null);
  }, [update]);

  const setCaption = useCallback(
    (id: string, caption: string) => update(kept.current.map((d) => (d.id === id ? { ...d, caption } : d))),
    [update],
  );

  // Leaving the chat lets go of the previews still held.
  useEffect(
    () => () => {
      for (const d of kept.current) URL.revokeObjectURL(d.previewUrl);
    },
    [],
  );

  const selected = drafts.find((d) => d.id === selectedId) ?? drafts[0] ?? null;
  return { drafts, selected, add, select: setSelectedId, setCaption, remove, clear };
}
