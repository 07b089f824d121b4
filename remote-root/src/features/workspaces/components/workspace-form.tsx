import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatStorage,
  LIMITS,
  type WorkspaceEditFormInput,
  type WorkspaceEditFormValues,
  workspaceEditFormSchema,
  workspaceFormSchema,
} from '@chat/contracts';
import { Button, Checkbox, FormField, Input, Textarea } from '@chat/ui';
import { FeaturesFieldset } from './features-fieldset';
import styles from './workspace-form.module.css';

interface Props {
  mode: 'create' | 'edit';
  defaultValues: WorkspaceEditFormInput;
  submitLabel: string;
  /** Reports its own failures: the form only waits for it. */
  onSubmit: (values: WorkspaceEditFormValues) => Promise<void>;
  /** Editing: what the workspace's files take now, shown beside the quota. */
  storageUsedBytes?: number;
}

const LIMIT_NUMBER = (n: number) => n.toLocaleString('pt-BR');

// The edit schema only loosens adminName (disabled, so neither validated nor sent): one form type fits both.
const resolvers = {
  create: zodResolver(workspaceFormSchema) as unknown as Resolver<WorkspaceEditFormInput, unknown, WorkspaceEditFormValues>,
  edit: zodResolver(workspaceEditFormSchema),
};

/**
 * docs/produto.md, Validação e limites, "Workspace": name, adminName (disabled when editing),
 * adminEmail, limitOfMembers (0-1000, or above with the "limite ampliado" box); plus description,
 * the storage quota and features.
 */
export function WorkspaceForm({ mode, defaultValues, submitLabel, onSubmit, storageUsedBytes }: Props) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WorkspaceEditFormInput, unknown, WorkspaceEditFormValues>({ resolver: resolvers[mode], defaultValues });
  const extended = useWatch({ control, name: 'extendedLimit' }) === true;
  const id = (field: string) => `workspace-${mode}-${field}`;

  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <FormField label="Nome" htmlFor={id('name')} error={errors.name?.message}>
        <Input id={id('name')} autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Descrição" htmlFor={id('description')} error={errors.description?.message}>
        <Textarea id={id('description')} rows={2} {...register('description')} />
      </FormField>
      <div className={styles.row}>
        <FormField label="Nome do administrador" htmlFor={id('adminName')} error={errors.adminName?.message}>
          <Input id={id('adminName')} autoComplete="off" {...register('adminName', { disabled: mode === 'edit' })} />
        </FormField>
        <FormField label="E-mail do administrador" htmlFor={id('adminEmail')} error={errors.adminEmail?.message}>
          <Input id={id('adminEmail')} type="email" autoComplete="off" {...register('adminEmail')} />
        </FormField>
      </div>
      {mode === 'edit' ? (
        <p className={styles.hint}>Para trocar o administrador, informe o e-mail de um membro ativo deste workspace.</p>
      ) : null}
      <div className={styles.row}>
        <div className={styles.stack}>
          <FormField
            label="Limite de membros"
            htmlFor={id('limitOfMembers')}
            error={errors.limitOfMembers?.message}
            hint={
              extended
                ? `Limite ampliado: de ${LIMIT_NUMBER(LIMITS.workspaceMemberLimitMax + 1)} a ${LIMIT_NUMBER(LIMITS.workspaceMemberLimitExtendedMax)} membros.`
                : '0 significa sem limite. Convites pendentes também ocupam vagas.'
            }
          >
            <Input
              id={id('limitOfMembers')}
              type="number"
              inputMode="numeric"
              min={extended ? LIMITS.workspaceMemberLimitMax + 1 : 0}
              max={extended ? LIMITS.workspaceMemberLimitExtendedMax : LIMITS.workspaceMemberLimitMax}
              {...register('limitOfMembers')}
            />
          </FormField>
          {/* Above the original range only on purpose: a workspace past 1,000 members needs the box checked. */}
          <Controller
            control={control}
            name="extendedLimit"
            render={({ field }) => (
              <Checkbox
                id={id('extendedLimit')}
                label={`Limite ampliado (mais de ${LIMIT_NUMBER(LIMITS.workspaceMemberLimitMax)} membros)`}
                checked={field.value === true}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </div>
        <FormField
          label="Cota de armazenamento (MB)"
          htmlFor={id('storageQuotaMb')}
          error={errors.storageQuotaMb?.message}
          hint={`0 significa sem cota. Soma tudo o que os membros enviam.${
            storageUsedBytes === undefined ? '' : ` Em uso: ${formatStorage(storageUsedBytes)}.`
          }`}
        >
          <Input
            id={id('storageQuotaMb')}
            type="number"
            inputMode="numeric"
            min={0}
            max={LIMITS.workspaceStorageQuotaMaxMb}
            {...register('storageQuotaMb')}
          />
        </FormField>
      </div>
      <Controller
        control={control}
        name="features"
        render={({ field }) => <FeaturesFieldset idPrefix={id('feature')} value={field.value ?? []} onChange={field.onChange} />}
      />
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
