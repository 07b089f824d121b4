import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type * as ApiClientModule from '@chat/api-client';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@chat/contracts';
import { Button, CardLayout, FormField, Input, toast } from '@chat/ui';
import { describeApiError } from '../../shared/api/describe-error';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { PUBLIC_PAGE_TOASTS } from './texts';
import styles from './public-form.module.css';

const texts = PUBLIC_PAGE_TOASTS.forgotPassword;

/**
 * /forgot-password: mails a single-use reset link, valid for 1 hour (docs/produto.md, Contas,
 * sessões e segurança).
 */
export function ForgotPasswordPage() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = async (values: ForgotPasswordInput) => {
    let client: typeof ApiClientModule | null = null;
    try {
      client = await loadApiClient(config);
      const { data } = await client.createPasswordToken(values);
      toast({ type: 'success', title: texts.success, description: data.message });
      void navigate('/', { replace: true });
    } catch (error) {
      toast({ type: 'error', title: texts.errorTitle, description: describeApiError(client, error, texts.errorFallback) });
    }
  };

  return (
    <CardLayout title="Esqueci minha senha" backTo="/">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <p className={styles.lead}>
          Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha. O link só pode ser usado uma vez e vale por 1
          hora.
        </p>
        <FormField label="E-mail" htmlFor="email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" autoFocus {...register('email')} />
        </FormField>
        <Button type="submit" loading={isSubmitting}>
          Enviar link
        </Button>
      </form>
    </CardLayout>
  );
}
