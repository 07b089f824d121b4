import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateGroup } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, groupEditFormSchema, type Group, type GroupEditFormInput } from '@chat/contracts';
import { Button, FormField, Input, Modal, notify, Textarea } from '@chat/ui';
import styles from './details-panel.module.css';

interface Props {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** 'Editar grupo' (group admins): Nome (min 3) and Descrição. */
export function EditGroupModal({ group, open, onOpenChange, onSaved }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GroupEditFormInput>({
    resolver: zodResolver(groupEditFormSchema),
    values: { name: group.name, description: group.description },
  });

  const save = useMutation({
    mutationFn: (values: GroupEditFormInput) => updateGroup(group.id, values),
    onSuccess: () => {
      notify.success(SUCCESS_TEXTS.group.updated);
      onSaved();
      onOpenChange(false);
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.group.update),
  });

  return (
    <Modal title="Editar grupo" open={open} onOpenChange={onOpenChange} maxWidth="sm">
      <form className={styles.form} onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)} noValidate>
        <FormField label="Nome" htmlFor="edit-group-name" error={errors.name?.message}>
          <Input id="edit-group-name" {...register('name')} />
        </FormField>
        <FormField label="Descrição" htmlFor="edit-group-description" error={errors.description?.message}>
          <Textarea id="edit-group-description" {...register('description')} />
        </FormField>
        <Button type="submit" loading={save.isPending}>
          Salvar
        </Button>
      </form>
    </Modal>
  );
}
