import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { Camera } from 'lucide-react';
import { Avatar, Button, takePickedImage } from '@chat/ui';
import styles from './profile.module.css';

interface Props {
  name: string;
  currentUrl: string | null;
  /** The picked file (already checked: an image of at most 10 MB), or null. */
  file: File | null;
  onPick: (file: File) => void;
}

/** The photo with its preview: the picked file shows at once, before anything is uploaded. */
export function AvatarField({ name, currentUrl, file, onPick }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  // The object URL holds the file in memory until it is revoked.
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = takePickedImage(event);
    if (picked) onPick(picked);
  };

  return (
    <div className={styles.avatarRow}>
      <Avatar src={previewUrl ?? currentUrl} name={name} size="xl" data-testid="avatar-preview" />
      <div className={styles.avatarText}>
        <Button type="button" variant="outline" size="sm" width="md" onClick={() => inputRef.current?.click()}>
          <Camera size={16} aria-hidden /> {currentUrl || file ? 'Trocar foto' : 'Escolher foto'}
        </Button>
        <span className={styles.hint}>PNG, JPEG, GIF ou WebP, até 10 MB.</span>
      </div>
      <input
        ref={inputRef}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-label="Foto de perfil"
        onChange={onChange}
      />
    </div>
  );
}
