import { useRef, type ChangeEvent } from 'react';
import { takePickedImage } from '@chat/ui';
import styles from './integrations.module.css';

interface Props {
  label: string;
  onPicked: (file: File) => void;
}

/**
 * The hidden file input behind a webhook's "Imagem" buttons; `open` clicks it. Picked images are
 * checked as every photo is (takePickedImage) before they reach `onPicked`.
 */
export function useWebhookImageInput({ label, onPicked }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = takePickedImage(event);
    if (picked) onPicked(picked);
  };
  const input = (
    <input ref={ref} className={styles.fileInput} type="file" accept="image/*" tabIndex={-1} aria-label={label} onChange={onChange} />
  );
  return { input, open: () => ref.current?.click() };
}
