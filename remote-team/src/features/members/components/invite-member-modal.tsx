import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteUser } from '@chat/api-client';
import { ERROR_TEXTS, inviteMemberSchema, SUCCESS_TEXTS, type InviteMemberInput } from '@chat/contracts';
import { Button, FormField, Input, Modal } from '@chat/ui';
import { notifyError, notifySuccess } from '../../../shared/notify';
import styles from './members.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** 'Convidar membro': mails a registration link with an invite code (valid 7 days). */
export function InviteMemberModal({ open, onOpenChange, onDone }: Props) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteMemberInput>({ resolver: zodResolver(inviteMemberSchema), defaultValues: { email: '' } });

  const send = async (values: InviteMemberInput) => {
    try {
      await inviteUser(values);
      notifySuccess(SUCCESS_TEXTS.user.inviteSent);
      reset();
      onDone();
      onOpenChange(false);
    } catch (error) {
      notifyError(error, ERROR_TEXTS.user.invite);
    }
  };

  return (
    <Modal title="Convidar membro" description="Enviaremos um link de cadastro válido por 7 dias." open={open} onOpenChange={onOpenChange} maxWidth="sm">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(send)(event)} noValidate>
        <FormField label="E-mail" htmlFor="invite-email" error={errors.email?.message}>
          <Input id="invite-email" type="email" autoComplete="off" placeholder="nome@empresa.com" {...register('email')} />
        </FormField>
        <Button type="submit" loading={isSubmitting}>
          Enviar convite
        </Button>
      </form>
    </Modal>
  );
}
