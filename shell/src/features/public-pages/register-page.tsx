import type { FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type * as ApiClientModule from '@chat/api-client';
import { HOME_BY_ROLE, normalizeInviteCode, registerSchema, type RegisterInput } from '@chat/contracts';
import { Button, CardLayout, FormField, Input, PasswordInput, toast } from '@chat/ui';
import { describeApiError } from '../../shared/api/describe-error';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { useSession } from '../../shared/session/session-context';
import { PUBLIC_PAGE_TOASTS } from './texts';
import styles from './public-form.module.css';

const texts = PUBLIC_PAGE_TOASTS.register;

/**
 * /register: an account from an invite. The invite's link carries `?inviteCode=XXX-XXX&email=...`:
 * both are filled in, so the person starts at their name. The code comes first, as the invite is
 * where everything starts, and is shown in its canonical form as soon as it is left.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const config = useAppConfig();
  const { startSession } = useSession();
  const navigate = useNavigate();
  const invitedCode = normalizeInviteCode(params.get('inviteCode') ?? '');
  const invitedEmail = params.get('email')?.trim() ?? '';
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: '',
      email: invitedEmail,
      nickName: '',
      password: '',
      confirmPassword: '',
      inviteCode: invitedCode,
    },
  });
  const firstEmpty = !invitedCode ? 'inviteCode' : !invitedEmail ? 'email' : 'name';

  const onSubmit = async ({ confirmPassword: _confirmation, ...body }: RegisterInput) => {
    let client: typeof ApiClientModule | null = null;
    try {
      client = await loadApiClient(config);
      const { data } = await client.createUserByInvite(body);
      startSession(data);
      toast({ type: 'success', title: texts.success });
      void navigate(HOME_BY_ROLE[data.user.role], { replace: true });
    } catch (error) {
      toast({ type: 'error', title: texts.errorTitle, description: describeApiError(client, error, texts.errorFallback) });
    }
  };

  return (
    <CardLayout title="Criar conta" backTo="/">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <p className={styles.lead}>Use o convite que você recebeu por e-mail para entrar na equipe.</p>
        <FormField
          label="Código de convite"
          htmlFor="inviteCode"
          error={errors.inviteCode?.message}
          hint="Como veio no convite (XXX-XXX); maiúsculas e hífen são opcionais."
        >
          <Input
            id="inviteCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus={firstEmpty === 'inviteCode'}
            {...register('inviteCode', {
              onBlur: (event: FocusEvent<HTMLInputElement>) => setValue('inviteCode', normalizeInviteCode(event.target.value)),
            })}
          />
        </FormField>
        <FormField label="E-mail" htmlFor="email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" autoFocus={firstEmpty === 'email'} {...register('email')} />
        </FormField>
        <FormField label="Nome" htmlFor="name" error={errors.name?.message}>
          <Input id="name" autoComplete="name" autoFocus={firstEmpty === 'name'} {...register('name')} />
        </FormField>
        <FormField
          label="Nome de usuário"
          htmlFor="nickName"
          error={errors.nickName?.message}
          hint="De 3 a 25 letras e números, sem espaços."
        >
          <Input id="nickName" autoComplete="username" {...register('nickName')} />
        </FormField>
        <FormField label="Senha" htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirmar senha" htmlFor="confirmPassword" error={errors.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" loading={isSubmitting}>
          Criar conta
        </Button>
      </form>
    </CardLayout>
  );
}
