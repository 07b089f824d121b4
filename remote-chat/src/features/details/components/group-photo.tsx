import { useRef, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { ApiCallError, updateGroupPhoto } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type Group } from '@chat/contracts';
import { Avatar, Button, notify, takePickedImage, uploadAvatar } from '@chat/ui';
import styles from './details-panel.module.css';

interface Props {
  group: Group;
  /** I am one of its admins: I may change the photo. */
  canManage: boolean;
  onChanged: () => void;
}

/**
 * The group's photo; its admins change it as a profile photo is changed (uploaded to 'avatars',
 * then set on the group) or remove it. The members hear it as `group::updated`.
 */
export function GroupPhoto({ group, canManage, onChanged }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: async (file: File | null) => updateGroupPhoto(group.id, { avatarUrl: file ? await uploadAvatar(file) : null }),
    onSuccess: () => {
      notify.success(SUCCESS_TEXTS.group.photoUpdated);
      onChanged();
    },
    // The server's refusal says why; an upload failure carries its own text (uploadAvatar).
    onError: (error) =>
      notify.error(error, error instanceof Error && !(error instanceof ApiCallError) ? error.message : ERROR_TEXTS.group.updatePhoto),
  });

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = takePickedImage(event);
    if (picked) save.mutate(picked);
  };

  return (
    <>
      <Avatar name={group.name} colorKey={group.id} src={group.avatarUrl} size="xl" data-testid="group-photo" />
      {canManage && (
        <div className={styles.photoActions}>
          <Button variant="ghost" size="sm" width="sm" loading={save.isPending} onClick={() => inputRef.current?.click()}>
            <Camera size={14} aria-hidden /> {group.avatarUrl ? 'Trocar foto' : 'Adicionar foto'}
          </Button>
          {group.avatarUrl && (
            <Button
              variant="ghost"
              size="sm"
              width="sm"
              colorType="destructive"
              disabled={save.isPending}
              onClick={() => save.mutate(null)}
            >
              <Trash2 size={14} aria-hidden /> Remover foto
            </Button>
          )}
          <input
            ref={inputRef}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label="Foto do grupo"
            onChange={onPick}
          />
        </div>
      )}
    </>
  );
}
