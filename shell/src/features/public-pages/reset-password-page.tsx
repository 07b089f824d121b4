import { Navigate, useSearchParams } from 'react-router-dom';
import { RESET_TOKEN_PATTERN } from '@chat/contracts';
import { UnderConstructionPage } from './under-construction-page';

/** SPEC section 2: without a token of exactly 64 hexadecimal characters, go to '/'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  if (!RESET_TOKEN_PATTERN.test(token)) return <Navigate to="/" replace />;
  return <UnderConstructionPage title="Redefinir senha" />;
}
