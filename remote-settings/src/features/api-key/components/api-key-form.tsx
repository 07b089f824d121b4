import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_PERMISSIONS, apiKeyFormSchema, ERROR_TEXTS, SUCCESS_TEXTS, type ApiKeyFormInput } from '@chat/contracts';
import { Button, FormField, Input, notify } from '@chat/ui';
import { useCreateApiKey } from '../hooks/use-active-api-key';
import forms from '../../../shared/forms.module.css';
import { PERMISSION_LABELS } from './permission-label';
import styles from './api-key.module.css';

interface Props {
  /** The key itself, which the server answers this one time only (its record is now the active one). */
  onCreated: (key: string) => void;
}

/**
 * Name and permission of a new key; the server makes the key (not the page, as the original spec
 * has it: docs/produto.md, Onde o Papo difere da especificação original).
 */
export function ApiKeyForm({ onCreated }: Props) {
  const { mutateAsync: createKey } = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ApiKeyFormInput>({ resolver: zodResolver(apiKeyFormSchema), defaultValues: { name: '', permissions: 'READ_ONLY' } });

  const create = async (values: ApiKeyFormInput) => {
    try {
      const { key } = await createKey(values);
      reset();
      onCreated(key);
      notify.success(SUCCESS_TEXTS.apiKey.created);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.apiKey.create);
    }
  };

  return (
    <form className={forms.form} onSubmit={(event) => void handleSubmit(create)(event)} noValidate aria-label="Nova chave de API">
      <FormField label="Nome da chave" htmlFor="api-key-name" error={errors.name?.message}>
        <Input id="api-key-name" placeholder="Ex.: Integração do CRM" {...register('name')} />
      </FormField>
      <fieldset className={styles.permissions}>
        <legend>Permissão</legend>
        {API_KEY_PERMISSIONS.map((permission) => (
          <label key={permission} className={styles.permission}>
            <input type="radio" value={permission} {...register('permissions')} />
            <span>
              <strong>{PERMISSION_LABELS[permission].title}</strong>
              <small>{PERMISSION_LABELS[permission].detail}</small>
            </span>
          </label>
        ))}
        {errors.permissions?.message && <span className={styles.error}>{errors.permissions.message}</span>}
      </fieldset>
      <div className={forms.actions}>
        <Button type="submit" loading={isSubmitting}>
          Criar chave
        </Button>
      </div>
    </form>
  );
}
