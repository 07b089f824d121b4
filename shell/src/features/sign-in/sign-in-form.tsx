import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { signinSchema, type SigninInput } from '@chat/contracts';
import { Button, Checkbox, FormField, Input, PasswordInput } from '@chat/ui';
import { schemaResolver } from './schema-resolver';
import styles from './sign-in.module.css';

interface Props {
  loading: boolean;
  showForgotPassword: boolean;
  showRegister: boolean;
  onSubmit: (values: SigninInput) => Promise<void>;
}

export function SignInForm({ loading, showForgotPassword, showRegister, onSubmit }: Props) {
  const {
    register,
    control,
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm<SigninInput>({
    resolver: schemaResolver(signinSchema),
    defaultValues: { identifier: '', password: '', rememberMe: false },
  });
  const rememberMe = useWatch({ control, name: 'rememberMe' });
  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <FormField label="E-mail ou usuário" htmlFor="identifier" error={errors.identifier?.message}>
        <Input id="identifier" autoComplete="username" autoFocus {...register('identifier')} />
      </FormField>
      <FormField label="Senha" htmlFor="password" error={errors.password?.message}>
        <PasswordInput id="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className={styles.row}>
        {/* Not a <Controller>: it adds about 1 kB gzip to the product's first download (scripts/sizes.mjs). */}
        <Checkbox label="Lembrar de mim" checked={rememberMe ?? false} onCheckedChange={(checked) => setValue('rememberMe', checked)} />
        {showForgotPassword && (
          <Link className={styles.link} to="/forgot-password">
            Esqueci minha senha
          </Link>
        )}
      </div>
      <Button type="submit" loading={loading}>
        Entrar
      </Button>
      {showRegister && (
        <p className={styles.register}>
          Recebeu um convite?{' '}
          <Link className={styles.link} to="/register">
            Criar conta
          </Link>
        </p>
      )}
    </form>
  );
}
