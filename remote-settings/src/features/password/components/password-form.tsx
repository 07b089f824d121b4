import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiCallError, updatePassword } from '@chat/api-client';
import { changePasswordSchema, ERROR_TEXTS, SUCCESS_TEXTS, WRONG_CURRENT_PASSWORD, type ChangePasswordInput } from '@chat/contracts';
import { Button, FormField, notify, PasswordInput } from '@chat/ui';
import { settingsKeys } from '../../../query-keys';
import forms from '../../../shared/forms.module.css';
import styles from './password-form.module.css';

const EMPTY: ChangePasswordInput = { oldPassword: '', newPassword: '', confirmPassword: '', revokeApiKey: true };

/**
 * 'Segurança' (docs/produto.md, Telas and Validação e limites): current, new and confirmation; the
 * form resets after a successful submit. This tab keeps its session (the api-client stores the new
 * pair the server answers); every other session of the account is signed out by the server. The API
 * key is revoked too unless the box is cleared: whoever knew the old password may have made one.
 */
export function PasswordForm() {
  const queryClient = useQueryClient();
  const { mutateAsync: changePassword } = useMutation({
    mutationFn: (body: Parameters<typeof updatePassword>[0]) => updatePassword(body),
    // The other sessions are over, and the key may be revoked: the lists below show it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.activeApiKey });
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const save = async ({ oldPassword, newPassword, revokeApiKey }: ChangePasswordInput) => {
    try {
      await changePassword({ oldPassword, newPassword, revokeApiKey });
      reset(EMPTY);
      notify.success(SUCCESS_TEXTS.user.passwordUpdated);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.updatePassword);
      // A toast is gone in seconds: the field that is wrong says so too, and gets the focus back.
      if (error instanceof ApiCallError && error.serverMessage === WRONG_CURRENT_PASSWORD) {
        setError('oldPassword', { type: 'server', message: WRONG_CURRENT_PASSWORD }, { shouldFocus: true });
      }
    }
  };

  return (
    <form className={forms.form} onSubmit={(event) => void handleSubmit(save)(event)} noValidate aria-label="Segurança">
      <FormField label="Senha atual" htmlFor="password-old" error={errors.oldPassword?.message}>
        <PasswordInput id="password-old" autoComplete="current-password" {...register('oldPassword')} />
      </FormField>
      <FormField label="Nova senha" htmlFor="password-new" error={errors.newPassword?.message}>
        <PasswordInput id="password-new" autoComplete="new-password" {...register('newPassword')} />
      </FormField>
      <FormField label="Confirmar nova senha" htmlFor="password-confirm" error={errors.confirmPassword?.message}>
        <PasswordInput id="password-confirm" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <label className={styles.revoke}>
        <input type="checkbox" {...register('revokeApiKey')} />
        Revogar também a chave de API
      </label>
      <div className={forms.actions}>
        <Button type="submit" loading={isSubmitting}>
          Alterar senha
        </Button>
      </div>
    </form>
  );
}
