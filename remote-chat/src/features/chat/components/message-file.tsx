import { lazy, Suspense } from 'react';
import { Download, File, FileArchive, FileAudio, FileImage, FileSpreadsheet, FileText, FileVideo, X } from 'lucide-react';
import { formatFileSize } from '@chat/contracts';
import { IconButton } from '@chat/ui';
import { FILE_TEXTS, type FileKind, fileKind, PLAYABLE } from '../lib/file-kind';
import { imageSrc } from '../lib/gallery';
import styles from './message-file.module.css';

// pdf.js is large: it loads only when a PDF card is on screen, never with the chat.
const PdfPreview = lazy(() => import('./pdf-preview'));

const ICONS: Record<FileKind, typeof File> = {
  pdf: FileText,
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  sheet: FileSpreadsheet,
  archive: FileArchive,
  text: FileText,
  other: File,
};

interface Props {
  url: string;
  fileName: string;
  size?: number;
  mimeType?: string;
  /** Percent sent while it is still uploading, and how to stop it. */
  progress?: number;
  onCancel?: () => void;
}

/** A file in a bubble: a player for video and audio, a PDF's first page, then its card (icon, name, size, download). */
export function MessageFile({ url, fileName, size, mimeType, progress, onCancel }: Props) {
  const kind = fileKind(mimeType);
  const Icon = ICONS[kind];
  const uploading = progress !== undefined;
  const src = uploading ? url : imageSrc(url);
  const playable = !!src && PLAYABLE.test(mimeType ?? '');
  return (
    <div className={styles.file}>
      {playable && kind === 'video' && <video className={styles.video} src={src} controls preload="metadata" />}
      {playable && kind === 'audio' && <audio className={styles.audio} src={src} controls preload="metadata" />}
      {!uploading && src && kind === 'pdf' && (
        <Suspense fallback={<div className={styles.pdfFrame} />}>
          <PdfPreview url={src} label={FILE_TEXTS.pdfPreview(fileName)} />
        </Suspense>
      )}
      <div className={styles.card}>
        <span className={styles.icon} data-kind={kind} aria-hidden="true">
          <Icon size={22} />
        </span>
        <span className={styles.meta}>
          <span className={styles.name} title={fileName}>
            {fileName}
          </span>
          {uploading ? (
            <span
              className={styles.track}
              role="progressbar"
              aria-label={FILE_TEXTS.uploading}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <span className={styles.bar} style={{ width: `${progress}%` }} />
            </span>
          ) : (
            size !== undefined && <span className={styles.size}>{formatFileSize(size)}</span>
          )}
        </span>
        {uploading
          ? onCancel && (
              <IconButton aria-label={FILE_TEXTS.cancel} title={FILE_TEXTS.cancel} size="sm" onClick={onCancel}>
                <X size={18} aria-hidden="true" />
              </IconButton>
            )
          : src && (
              // `download` names the file on this origin; a bucket's URL (another origin) ignores
              // it, and the file opens in a tab of its own instead of replacing the chat (a
              // download still downloads: the bucket serves it as an attachment).
              <a
                className={styles.download}
                href={src}
                download={fileName}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={FILE_TEXTS.download(fileName)}
                title={FILE_TEXTS.download(fileName)}
              >
                <Download size={18} aria-hidden="true" />
              </a>
            )}
      </div>
    </div>
  );
}
