import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteUser } from '@chat/api-client';
import { ERROR_TEXTS, inviteMemberSchema, SUCCESS_TEXTS, type InviteMemberInput } from '@chat/contracts';
import { Button, FormField, Input, Modal, notify } from '@chat/ui';
import { useTeamChange } from '../../../shared/use-team-change';
import styles from './members.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Convidar membro': mails a registration link with an invite code (valid 7 days). */
export function InviteMemberModal({ open, onOpenChange }: Props) {
  const { mutateAsync: invite } = useTeamChange('members', inviteUser);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteMemberInput>({ resolver: zodResolver(inviteMemberSchema), defaultValues: { email: '' } });

  const send = async (values: InviteMemberInput) => {
    try {
      await invite(values);
      notify.success(SUCCESS_TEXTS.user.inviteSent);
      reset();
      onOpenChange(false);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.invite);
    }
  };

  return (
    <Modal
      title="Convidar membro"
      description="Enviaremos um link de cadastro válido por 7 dias."
      open={open}
      onOpenChange={onOpenChange}
      maxWidth="sm"
    >
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
