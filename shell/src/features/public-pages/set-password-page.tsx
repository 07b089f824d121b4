import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type * as ApiClientModule from '@chat/api-client';
import { HOME_BY_ROLE, isValidResetToken } from '@chat/contracts';
import { CardLayout, toast } from '@chat/ui';
import { describeApiError } from '../../shared/api/describe-error';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { useSession } from '../../shared/session/session-context';
import { NewPasswordForm } from './new-password-form';
import { PUBLIC_PAGE_TOASTS } from './texts';

const texts = PUBLIC_PAGE_TOASTS.setPassword;

/**
 * /set-password?token=: the welcome link of an account someone else created. The first password
 * is chosen here and the person goes straight in, signed in; the token rule is the reset link's.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!isValidResetToken(token)) return <Navigate to="/" replace />;
  return <SetPasswordForm token={token} />;
}

function SetPasswordForm({ token }: { token: string }) {
  const config = useAppConfig();
  const { startSession } = useSession();
  const navigate = useNavigate();

  const onSubmit = async (newPassword: string) => {
    let client: typeof ApiClientModule | null = null;
    try {
      client = await loadApiClient(config);
      const { data } = await client.setFirstPassword({ token, newPassword });
      startSession(data);
      toast({ type: 'success', title: texts.successTitle, description: texts.success });
      void navigate(HOME_BY_ROLE[data.user.role], { replace: true });
    } catch (error) {
      toast({ type: 'error', title: texts.errorTitle, description: describeApiError(client, error, texts.errorFallback) });
      // A link the server refused has been used (the password is set: sign in) or has expired
      // (whoever created the account sends a new one); a network failure leaves the form here.
      if (client && error instanceof client.ApiCallError && error.status !== null) void navigate('/', { replace: true });
    }
  };

  return (
    <CardLayout title="Definir sua senha">
      <NewPasswordForm
        lead="Sua conta no Papo já existe: escolha a senha com que vai entrar, de 8 a 72 caracteres."
        submitLabel="Definir senha e entrar"
        onSubmit={onSubmit}
      />
    </CardLayout>
  );
}
