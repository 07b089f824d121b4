import { useRef, type ChangeEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { validateImageFile } from '@chat/contracts';
import { IconButton, toast } from '@chat/ui';
import styles from './image-upload-button.module.css';

interface Props {
  /** Receives a picked file that passed the upload checks (an image, at most 10 MB). */
  onPick: (file: File) => void;
  disabled?: boolean;
}

/**
 * The message box's image button: opens the file picker for images. A file of another type or
 * over 10 MB gets its alert (docs/produto.md, Validação e limites) and goes nowhere.
 */
export function ImageUploadButton({ onPick, disabled }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again is a new change.
    event.target.value = '';
    if (!file) return;
    const alert = validateImageFile(file);
    if (alert) {
      toast({ type: 'alert', title: alert });
      return;
    }
    onPick(file);
  };

  return (
    <>
      <IconButton aria-label="Enviar imagem" title="Enviar imagem" disabled={disabled} onClick={() => inputRef.current?.click()}>
        <ImagePlus size={20} />
      </IconButton>
      <input
        ref={inputRef}
        className={styles.input}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-input"
        onChange={onChange}
      />
    </>
  );
}
