import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type * as ApiClientModule from '@chat/api-client';
import {
  HOME_BY_ROLE,
  isSsoErrorCode,
  LOGIN_SUCCESS_TEXT,
  type SigninResponse,
  SSO_ERRORS,
  SSO_TEXTS,
  ssoLookupQuerySchema,
} from '@chat/contracts';
import { Button, CardLayout, FormField, Input, Spinner, toast } from '@chat/ui';
import { describeApiError } from '../../shared/api/describe-error';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { useSession } from '../../shared/session/session-context';
import styles from './sso.module.css';

/**
 * /sso: the company sign-in (docs/produto.md, Entrar com a conta da empresa). Three faces: the
 * e-mail that finds the workspace, the return from the provider (`#codigo=`, exchanged for the
 * session) and the error page the server sends a refused return to (`?erro=`).
 */
export function SsoPage() {
  const [params] = useSearchParams();
  const code = new URLSearchParams(useLocation().hash.slice(1)).get('codigo');
  const error = params.get('erro');
  if (code) return <SsoReturn code={code} />;
  if (error !== null) return <SsoError code={error} />;
  return <SsoEmailForm />;
}

function SsoEmailForm() {
  const config = useAppConfig();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(ssoLookupQuerySchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: { email: string }) => {
    let client: typeof ApiClientModule | null = null;
    try {
      client = await loadApiClient(config);
      const { data } = await client.lookupSso(email);
      // A full page load: the server sends the browser on to the provider.
      window.location.assign(data.url);
    } catch (failure) {
      setError('email', { message: describeApiError(client, failure, SSO_TEXTS.notFound) });
    }
  };

  return (
    <CardLayout title={SSO_TEXTS.entry} backTo="/">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <p className={styles.lead}>Informe o seu e-mail de trabalho: você entra pelo provedor de identidade da sua empresa.</p>
        <FormField label="E-mail de trabalho" htmlFor="sso-email" error={errors.email?.message}>
          <Input id="sso-email" type="email" autoComplete="email" autoFocus {...register('email')} />
        </FormField>
        <Button type="submit" loading={isSubmitting}>
          Continuar
        </Button>
      </form>
    </CardLayout>
  );
}

/** One exchange per code, even when React runs the effect twice: the code is single-use. */
const exchanges = new Map<string, Promise<SigninResponse>>();

function SsoReturn({ code }: { code: string }) {
  const config = useAppConfig();
  const { startSession } = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    // Off the address bar and the history: a reload must not present a used code.
    window.history.replaceState(window.history.state, '', '/sso');
    let client: typeof ApiClientModule | null = null;
    const exchange =
      exchanges.get(code) ??
      (async () => {
        client = await loadApiClient(config);
        return (await client.exchangeSsoCode(code)).data;
      })();
    exchanges.set(code, exchange);
    exchange.then(
      (session) => {
        startSession(session);
        toast({ type: 'success', title: LOGIN_SUCCESS_TEXT.title, description: LOGIN_SUCCESS_TEXT.description });
        void navigate(HOME_BY_ROLE[session.user.role], { replace: true });
      },
      (failure: unknown) => setFailed(describeApiError(client, failure, SSO_ERRORS.expired)),
    );
  }, [code, config, navigate, startSession]);

  if (failed) return <SsoErrorCard message={failed} />;
  return (
    <CardLayout title={SSO_TEXTS.entry}>
      <p className={styles.waiting} role="status">
        <Spinner size="sm" /> Entrando...
      </p>
    </CardLayout>
  );
}

function SsoError({ code }: { code: string }) {
  return <SsoErrorCard message={isSsoErrorCode(code) ? SSO_ERRORS[code] : SSO_ERRORS.expired} />;
}

function SsoErrorCard({ message }: { message: string }) {
  return (
    <CardLayout title="Não foi possível entrar">
      <div className={styles.form}>
        <p className={styles.message} role="alert">
          {message}
        </p>
        <Link className={styles.action} to="/sso">
          Tentar de novo
        </Link>
        <Link className={styles.secondary} to="/">
          Entrar com e-mail e senha
        </Link>
      </div>
    </CardLayout>
  );
}
