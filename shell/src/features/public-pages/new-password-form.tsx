import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@chat/contracts';
import { Button, FormField, PasswordInput } from '@chat/ui';
import styles from './public-form.module.css';

interface Props {
  lead: string;
  submitLabel: string;
  /** Gets the chosen password once both fields agree. */
  onSubmit: (newPassword: string) => Promise<void>;
}

/** A new password typed twice: the form of the reset link and of the welcome link. */
export function NewPasswordForm({ lead, submitLabel, onSubmit }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', newPasswordConfirm: '' },
  });

  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(({ newPassword }) => onSubmit(newPassword))(event)} noValidate>
      <p className={styles.lead}>{lead}</p>
      <FormField label="Nova senha" htmlFor="newPassword" error={errors.newPassword?.message}>
        <PasswordInput id="newPassword" autoComplete="new-password" autoFocus {...register('newPassword')} />
      </FormField>
      <FormField label="Confirmar nova senha" htmlFor="newPasswordConfirm" error={errors.newPasswordConfirm?.message}>
        <PasswordInput id="newPasswordConfirm" autoComplete="new-password" {...register('newPasswordConfirm')} />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
