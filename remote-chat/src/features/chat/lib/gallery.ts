import { safeHref } from '../../../shared/format-text';
import type { ChatMessage } from './merge-messages';

/** A picture of the open chat, as the viewer pages through them. */
export interface GalleryImage {
  id: string;
  src: string;
  alt: string;
  caption?: string;
  authorName: string;
  createdAt: string;
}

/** Image bodies are this server's media URLs; anything that is not http(s) or same-origin is not loaded. */
export function imageSrc(body: string): string | null {
  if (body.startsWith('/') && !body.startsWith('//')) return body;
  return safeHref(body);
}

export const imageAlt = (authorName: string) => `Imagem enviada por ${authorName}`;

/** The chat's loaded pictures, oldest first: sent ones only (an upload in progress is not one yet). */
export function galleryImages(messages: readonly ChatMessage[]): GalleryImage[] {
  const images: GalleryImage[] = [];
  for (const m of messages) {
    if (m.content.type !== 'image' || m.deletedAt || m.upload || m.id.startsWith('local:')) continue;
    const src = imageSrc(m.content.body);
    if (!src) continue;
    images.push({
      id: m.id,
      src,
      alt: imageAlt(m.author.name),
      ...(m.content.caption ? { caption: m.content.caption } : {}),
      authorName: m.author.name,
      createdAt: m.createdAt,
    });
  }
  return images;
}

/** A file name for 'Baixar': the stored name without the upload's unique prefix. */
export function downloadName(src: string): string {
  const last = decodeURIComponent(new URL(src, 'http://local').pathname.split('/').pop() ?? '');
  const name = last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '');
  return name || 'imagem';
}
