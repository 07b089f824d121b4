import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfile } from '@chat/api-client';
import {
  ALERT_TEXTS,
  ERROR_TEXTS,
  isProfileUnchanged,
  profileSchema,
  SUCCESS_TEXTS,
  type ProfileInput,
  type StoredUser,
  type UpdateProfileBody,
} from '@chat/contracts';
import { Button, FormField, Input, notify, toast, uploadAvatar, useUnsavedChanges } from '@chat/ui';
import forms from '../../../shared/forms.module.css';
import { AvatarField } from './avatar-field';

interface Props {
  user: StoredUser;
}

/**
 * 'Informações pessoais' (docs/produto.md, Telas and Validação e limites): name, nickName and
 * photo. Only what changed is sent. The stored user is refreshed by the shell when the server's
 * 'user:updated' comes back over the socket (the same event that updates this user's name and photo
 * on colleagues' pages).
 */
export function ProfileForm({ user }: Props) {
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name, nickName: user.nickName },
  });
  // A picked photo or an edited name is not lost by leaving the page without a word.
  useUnsavedChanges((isDirty || !!avatarFile) && !isSubmitting);

  const save = async (values: ProfileInput) => {
    if (!avatarFile && isProfileUnchanged(user, values)) {
      notify.alert(ALERT_TEXTS.noChanges);
      return;
    }
    const body: UpdateProfileBody = {};
    if (values.name !== user.name) body.name = values.name;
    if (values.nickName !== user.nickName) body.nickName = values.nickName;
    if (avatarFile) {
      try {
        body.avatarUrl = await uploadAvatar(avatarFile);
      } catch (error) {
        toast({ type: 'error', title: 'Erro', description: (error as Error).message });
        return;
      }
    }
    try {
      const { data } = await updateProfile(body);
      reset({ name: data.name, nickName: data.nickName });
      setAvatarFile(null);
      notify.success(SUCCESS_TEXTS.user.updated);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.update);
    }
  };

  return (
    <form className={forms.form} onSubmit={(event) => void handleSubmit(save)(event)} noValidate aria-label="Informações pessoais">
      <AvatarField name={user.name} currentUrl={user.avatarUrl ?? null} file={avatarFile} onPick={setAvatarFile} />
      <FormField label="Nome" htmlFor="profile-name" error={errors.name?.message}>
        <Input id="profile-name" autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="Apelido" htmlFor="profile-nickname" error={errors.nickName?.message}>
        <Input id="profile-nickname" autoComplete="username" {...register('nickName')} />
      </FormField>
      <div className={forms.actions}>
        <Button type="submit" loading={isSubmitting}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
