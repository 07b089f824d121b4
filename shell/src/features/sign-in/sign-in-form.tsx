import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { signinSchema, type SigninInput } from '@chat/contracts';
import { Button, Checkbox, FormField, Input, PasswordInput } from '@chat/ui';
import { validateFields, type FieldErrors } from './field-errors';
import styles from './sign-in.module.css';

interface Props {
  loading: boolean;
  showForgotPassword: boolean;
  showRegister: boolean;
  onSubmit: (values: SigninInput) => Promise<void>;
  /** The build's static copy of the page (see SignInCard's preview). */
  readOnly?: boolean;
}

/**
 * The sign-in form (docs/produto.md, Telas). Uncontrolled fields read on submit and validated with
 * the contracts schema (see field-errors: no form library in the first download). After a first
 * submit, every change validates again, so a corrected field's message goes away.
 */
export function SignInForm({ loading, showForgotPassword, showRegister, onSubmit, readOnly }: Props) {
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return validateFields(signinSchema, { identifier: data.get('identifier') ?? '', password: data.get('password') ?? '', rememberMe });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validate(form);
    setSubmitted(true);
    setErrors(result.errors);
    if (result.data) {
      void onSubmit(result.data);
      return;
    }
    const firstInvalid = Object.keys(result.errors)[0];
    const field = firstInvalid ? form.elements.namedItem(firstInvalid) : null;
    if (field instanceof HTMLElement) field.focus();
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      onChange={(event) => submitted && setErrors(validate(event.currentTarget).errors)}
      noValidate
    >
      <FormField label="E-mail ou usuário" htmlFor="identifier" error={errors.identifier}>
        <Input id="identifier" name="identifier" autoComplete="username" autoFocus readOnly={readOnly} />
      </FormField>
      <FormField label="Senha" htmlFor="password" error={errors.password}>
        <PasswordInput id="password" name="password" autoComplete="current-password" readOnly={readOnly} />
      </FormField>
      <div className={styles.row}>
        <Checkbox label="Lembrar de mim" checked={rememberMe} onCheckedChange={setRememberMe} />
        {showForgotPassword && (
          <Link className={styles.link} to="/forgot-password">
            Esqueci minha senha
          </Link>
        )}
      </div>
      <Button type="submit" loading={loading}>
        Entrar
      </Button>
      {/* A plain link: the company sign-in's page and its code load only when it is chosen. */}
      <Link className={styles.sso} to="/sso">
        Entrar com a conta da empresa
      </Link>
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
