import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createApiKey } from '@chat/api-client';
import {
  API_KEY_PERMISSIONS,
  apiKeyFormSchema,
  ERROR_TEXTS,
  SUCCESS_TEXTS,
  type ApiKey,
  type ApiKeyFormInput,
} from '@chat/contracts';
import { Button, FormField, Input } from '@chat/ui';
import { notifyError, notifySuccess } from '../../../shared/notify';
import forms from '../../../shared/forms.module.css';
import { PERMISSION_LABELS } from './permission-label';
import styles from './api-key.module.css';

interface Props {
  /** The stored record and the key itself, which the server answers this one time only. */
  onCreated: (record: ApiKey, key: string) => void;
}

/** Name and permission of a new key; the server makes the key (not the page, as SPEC section 5 has it). */
export function ApiKeyForm({ onCreated }: Props) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ApiKeyFormInput>({ resolver: zodResolver(apiKeyFormSchema), defaultValues: { name: '', permissions: 'READ_ONLY' } });

  const create = async (values: ApiKeyFormInput) => {
    try {
      const { data } = await createApiKey(values);
      const { key, ...record } = data;
      reset();
      onCreated(record, key);
      notifySuccess(SUCCESS_TEXTS.apiKey.created);
    } catch (error) {
      notifyError(error, ERROR_TEXTS.apiKey.create);
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
