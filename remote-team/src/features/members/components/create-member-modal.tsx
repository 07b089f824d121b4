import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createMemberWithoutInvite } from '@chat/api-client';
import { createMemberSchema, ERROR_TEXTS, SUCCESS_TEXTS, type CreateMemberInput } from '@chat/contracts';
import { Button, FormField, Input, Modal, notify, PasswordInput } from '@chat/ui';
import { useTeamChange } from '../../../shared/use-team-change';
import styles from './members.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY: CreateMemberInput = { name: '', email: '', nickName: '', password: '', confirmPassword: '' };

/** 'Criar Conta' (flag create_members): the register form without the invite code. */
export function CreateMemberModal({ open, onOpenChange }: Props) {
  const { mutateAsync: createMember } = useTeamChange('all', createMemberWithoutInvite);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateMemberInput>({ resolver: zodResolver(createMemberSchema), defaultValues: EMPTY });

  const create = async ({ confirmPassword: _confirmation, ...body }: CreateMemberInput) => {
    try {
      await createMember(body);
      notify.success(SUCCESS_TEXTS.user.created);
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.createMember);
    }
  };

  return (
    <Modal title="Criar Conta" open={open} onOpenChange={onOpenChange} maxWidth="sm">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(create)(event)} noValidate>
        <FormField label="Nome" htmlFor="create-name" error={errors.name?.message}>
          <Input id="create-name" autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="E-mail" htmlFor="create-email" error={errors.email?.message}>
          <Input id="create-email" type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Apelido" htmlFor="create-nickname" error={errors.nickName?.message}>
          <Input id="create-nickname" autoComplete="off" {...register('nickName')} />
        </FormField>
        <FormField label="Senha" htmlFor="create-password" error={errors.password?.message}>
          <PasswordInput id="create-password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirmar senha" htmlFor="create-confirm" error={errors.confirmPassword?.message}>
          <PasswordInput id="create-confirm" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" loading={isSubmitting}>
          Criar Conta
        </Button>
      </form>
    </Modal>
  );
}
