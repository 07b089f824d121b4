import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { ImagePlus } from 'lucide-react';
import { IconButton } from '@chat/ui';
import { UPLOAD_TEXTS } from '../lib/upload-texts';
import styles from './image-upload-button.module.css';

interface Props {
  /** The files picked (one or several); the caller checks each (see useImageDrafts). */
  onPick: (files: File[]) => void;
  disabled?: boolean;
  label?: string;
  icon?: ReactNode;
  className?: string;
}

/** Opens the file picker for images, several at a time. */
export function ImageUploadButton({ onPick, disabled, label = UPLOAD_TEXTS.pick, icon, className }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again is a new change.
    event.target.value = '';
    if (files.length > 0) onPick(files);
  };

  return (
    <>
      <IconButton aria-label={label} title={label} disabled={disabled} className={className} onClick={() => inputRef.current?.click()}>
        {icon ?? <ImagePlus size={20} />}
      </IconButton>
      <input
        ref={inputRef}
        className={styles.input}
        type="file"
        accept="image/*"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-input"
        onChange={onChange}
      />
    </>
  );
}
