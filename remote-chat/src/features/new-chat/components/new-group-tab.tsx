import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createGroup } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, groupCreateFormSchema, type Group, type GroupCreateFormInput } from '@chat/contracts';
import { Button, FormField, Input, notify, Textarea } from '@chat/ui';
import { MemberPicker } from '../../../shared/components/member-picker';
import styles from './new-chat-modal.module.css';

interface Props {
  onCreated: (group: Group) => void;
}

/** 'Grupo': name, description and the members picked from the workspace. */
export function NewGroupTab({ onCreated }: Props) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GroupCreateFormInput>({
    resolver: zodResolver(groupCreateFormSchema),
    defaultValues: { name: '', description: '' },
  });

  const create = useMutation({
    mutationFn: async (values: GroupCreateFormInput) => (await createGroup({ ...values, members: [...selected] })).data,
    onSuccess: (group) => {
      notify.success(SUCCESS_TEXTS.group.created);
      onCreated(group);
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.group.create),
  });

  return (
    <form className={styles.tab} onSubmit={(event) => void handleSubmit((values) => create.mutate(values))(event)} noValidate>
      <FormField label="Nome" htmlFor="new-group-name" error={errors.name?.message}>
        <Input id="new-group-name" {...register('name')} />
      </FormField>
      <FormField label="Descrição" htmlFor="new-group-description" error={errors.description?.message}>
        <Textarea id="new-group-description" rows={2} {...register('description')} />
      </FormField>
      <MemberPicker selected={selected} onSelectedChange={setSelected} emptyText="Nenhum usuário encontrado" />
      <Button type="submit" loading={create.isPending}>
        Criar Grupo
      </Button>
    </form>
  );
}
