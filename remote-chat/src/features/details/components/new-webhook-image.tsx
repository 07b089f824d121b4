import { useEffect, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Avatar, Button } from '@chat/ui';
import { useWebhookImageInput } from './webhook-image-input';
import styles from './integrations.module.css';

interface Props {
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** The new webhook's optional image, previewed before it is uploaded with the creation. */
export function NewWebhookImage({ name, file, onChange }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const image = useWebhookImageInput({ label: 'Imagem da integração', onPicked: onChange });

  return (
    <div className={styles.row}>
      <Avatar name={name.trim() || 'Integração'} src={preview} size="md" />
      <Button type="button" variant="ghost" size="sm" width="sm" onClick={image.open}>
        <ImagePlus size={14} aria-hidden /> {file ? 'Trocar imagem' : 'Escolher imagem (opcional)'}
      </Button>
      {file && (
        <Button type="button" variant="ghost" size="sm" width="sm" colorType="destructive" onClick={() => onChange(null)}>
          <X size={14} aria-hidden /> Remover imagem
        </Button>
      )}
      {image.input}
    </div>
  );
}
