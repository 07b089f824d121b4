import { useMutation } from '@tanstack/react-query';
import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { ApiCallError, updateIncomingWebhook } from '@chat/api-client';
import { type IncomingWebhook, WEBHOOK_TEXTS } from '@chat/contracts';
import { Avatar, IconButton, notify, uploadAvatar } from '@chat/ui';
import { useWebhookImageInput } from './webhook-image-input';
import styles from './integrations.module.css';

interface Props {
  groupId: string;
  hook: IncomingWebhook;
  onChanged: () => void;
  onAsk: (kind: 'regenerate' | 'remove') => void;
}

const IMAGE_ERROR = 'Não foi possível trocar a imagem da integração';

/** One incoming webhook in the list: its image (which its messages show), name, creator and actions. */
export function IncomingWebhookItem({ groupId, hook, onChanged, onAsk }: Props) {
  const save = useMutation({
    mutationFn: async (file: File) => updateIncomingWebhook(groupId, hook.id, { avatarUrl: await uploadAvatar(file) }),
    onSuccess: () => {
      notify.success(WEBHOOK_TEXTS.avatarSaved);
      onChanged();
    },
    // The server's refusal says why; an upload failure carries its own text (uploadAvatar).
    onError: (error) => notify.error(error, error instanceof Error && !(error instanceof ApiCallError) ? error.message : IMAGE_ERROR),
  });
  const image = useWebhookImageInput({ label: `Imagem de ${hook.name}`, onPicked: (file) => save.mutate(file) });

  return (
    <li className={styles.item}>
      <Avatar name={hook.name} colorKey={hook.id} src={hook.avatarUrl} size="sm" />
      <span className={styles.itemText}>
        <span className={styles.itemName}>{hook.name}</span>
        <span className={styles.muted}>por {hook.createdBy.name}</span>
      </span>
      <IconButton
        aria-label={`Trocar a imagem de ${hook.name}`}
        title="Trocar a imagem que as mensagens mostram"
        disabled={save.isPending}
        onClick={image.open}
      >
        <ImagePlus size={16} />
      </IconButton>
      {image.input}
      <IconButton
        aria-label={`Gerar nova URL de ${hook.name}`}
        title="Gerar nova URL (a anterior para de funcionar)"
        onClick={() => onAsk('regenerate')}
      >
        <RefreshCw size={16} />
      </IconButton>
      <IconButton aria-label={`Remover ${hook.name}`} title="Remover" onClick={() => onAsk('remove')}>
        <Trash2 size={16} />
      </IconButton>
    </li>
  );
}
