import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updatePassword } from '@chat/api-client';
import { changePasswordSchema, ERROR_TEXTS, SUCCESS_TEXTS, type ChangePasswordInput } from '@chat/contracts';
import { Button, FormField, PasswordInput } from '@chat/ui';
import { notifyError, notifySuccess } from '../../../shared/notify';
import forms from '../../../shared/forms.module.css';

const EMPTY: ChangePasswordInput = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Segurança' (SPEC sections 2 and 5): current, new and confirmation; the form resets after a
 * successful submit. This tab keeps its session (the api-client stores the new pair the server
 * answers); every other session of the account is signed out by the server.
 */
export function PasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const save = async ({ oldPassword, newPassword }: ChangePasswordInput) => {
    try {
      await updatePassword({ oldPassword, newPassword });
      reset(EMPTY);
      notifySuccess(SUCCESS_TEXTS.user.passwordUpdated);
    } catch (error) {
      notifyError(error, ERROR_TEXTS.user.updatePassword);
    }
  };

  return (
    <form className={forms.form} onSubmit={handleSubmit(save)} noValidate aria-label="Segurança">
      <FormField label="Senha atual" htmlFor="password-old" error={errors.oldPassword?.message}>
        <PasswordInput id="password-old" autoComplete="current-password" {...register('oldPassword')} />
      </FormField>
      <FormField label="Nova senha" htmlFor="password-new" error={errors.newPassword?.message}>
        <PasswordInput id="password-new" autoComplete="new-password" {...register('newPassword')} />
      </FormField>
      <FormField label="Confirmar nova senha" htmlFor="password-confirm" error={errors.confirmPassword?.message}>
        <PasswordInput id="password-confirm" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <div className={forms.actions}>
        <Button type="submit" loading={isSubmitting}>
          Alterar senha
        </Button>
      </div>
    </form>
  );
}
