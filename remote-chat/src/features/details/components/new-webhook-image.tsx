import { ImagePlus, X } from 'lucide-react';
import { Avatar, Button } from '@chat/ui';
import { useWebhookImageInput } from './webhook-image-input';
import styles from './integrations.module.css';

/** An image picked for a new webhook, with the object URL its preview shows until it is uploaded. */
export interface PickedWebhookImage {
  file: File;
  previewUrl: string;
}

/** Frees the preview's object URL once it is no longer shown. */
export const releaseWebhookImage = (image: PickedWebhookImage | null) => image && URL.revokeObjectURL(image.previewUrl);

interface Props {
  name: string;
  value: PickedWebhookImage | null;
  onChange: (image: PickedWebhookImage | null) => void;
}

/** The new webhook's optional image, previewed before it is uploaded with the creation. */
export function NewWebhookImage({ name, value, onChange }: Props) {
  const replace = (file: File | null) => {
    releaseWebhookImage(value);
    onChange(file ? { file, previewUrl: URL.createObjectURL(file) } : null);
  };
  const image = useWebhookImageInput({ label: 'Imagem da integração', onPicked: replace });

  return (
    <div className={styles.imageRow}>
      <Avatar name={name.trim() || 'Integração'} src={value?.previewUrl} size="md" />
      <Button type="button" variant="ghost" size="sm" width="md" onClick={image.open}>
        <ImagePlus size={14} aria-hidden /> {value ? 'Trocar imagem' : 'Escolher imagem'}
      </Button>
      {value && (
        <Button type="button" variant="ghost" size="sm" width="md" colorType="destructive" onClick={() => replace(null)}>
          <X size={14} aria-hidden /> Remover imagem
        </Button>
      )}
      {image.input}
    </div>
  );
}
