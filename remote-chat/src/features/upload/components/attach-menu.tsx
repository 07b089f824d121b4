import { useRef, type ChangeEvent } from 'react';
import { FileUp, ImagePlus, Paperclip } from 'lucide-react';
import { ActionMenu, IconButton } from '@chat/ui';
import { ATTACH_TEXTS } from '../lib/attach-texts';
import styles from './image-upload-button.module.css';

interface Props {
  /** Images picked: to the preview with captions (see useImageDrafts). */
  onPickImages: (files: File[]) => void;
  /** Files of any kind picked: each sent as a file. */
  onPickFiles?: (files: File[]) => void;
  disabled?: boolean;
}

const picked = (event: ChangeEvent<HTMLInputElement>, then: (files: File[]) => void) => {
  const files = Array.from(event.target.files ?? []);
  // Cleared so that picking the same file again is a new change.
  event.target.value = '';
  if (files.length > 0) then(files);
};

/** The clip: a menu of 'Imagem' (several, with captions) and 'Arquivo' (any kind, several). */
export function AttachMenu({ onPickImages, onPickFiles, disabled }: Props) {
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const options = [
    { label: ATTACH_TEXTS.image, icon: <ImagePlus size={18} aria-hidden="true" />, action: () => imageInput.current?.click() },
    ...(onPickFiles
      ? [{ label: ATTACH_TEXTS.file, icon: <FileUp size={18} aria-hidden="true" />, action: () => fileInput.current?.click() }]
      : []),
  ];
  return (
    <>
      <ActionMenu
        align="start"
        side="top"
        options={options}
        trigger={
          <IconButton aria-label={ATTACH_TEXTS.attach} title={ATTACH_TEXTS.attach} disabled={disabled}>
            <Paperclip size={20} />
          </IconButton>
        }
      />
      <input
        ref={imageInput}
        className={styles.input}
        type="file"
        accept="image/*"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-input"
        onChange={(event) => picked(event, onPickImages)}
      />
      <input
        ref={fileInput}
        className={styles.input}
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(event) => onPickFiles && picked(event, onPickFiles)}
      />
    </>
  );
}
