import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type * as ApiClientModule from '@chat/api-client';
import { isValidResetToken } from '@chat/contracts';
import { CardLayout, toast } from '@chat/ui';
import { describeApiError } from '../../shared/api/describe-error';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { NewPasswordForm } from './new-password-form';
import { PUBLIC_PAGE_TOASTS } from './texts';

const texts = PUBLIC_PAGE_TOASTS.resetPassword;

/** /reset-password?token=: without a token of exactly 64 hexadecimal characters, go to '/'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!isValidResetToken(token)) return <Navigate to="/" replace />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const config = useAppConfig();
  const navigate = useNavigate();

  const onSubmit = async (newPassword: string) => {
    let client: typeof ApiClientModule | null = null;
    try {
      client = await loadApiClient(config);
      await client.resetPasswordWithToken({ token, newPassword });
      toast({ type: 'success', title: texts.success });
      void navigate('/', { replace: true });
    } catch (error) {
      toast({ type: 'error', title: texts.errorTitle, description: describeApiError(client, error, texts.errorFallback) });
      // A reset the server refused (used, expired or unknown link) leads to asking
      // for a new link; a network failure leaves the form here to try again.
      if (client && error instanceof client.ApiCallError && error.status !== null) void navigate('/forgot-password', { replace: true });
    }
  };

  return (
    <CardLayout title="Redefinir senha" backTo="/">
      <NewPasswordForm lead="Escolha uma nova senha, de 8 a 72 caracteres." submitLabel="Redefinir senha" onSubmit={onSubmit} />
    </CardLayout>
  );
}
