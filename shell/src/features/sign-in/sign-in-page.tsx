import { useNavigate } from 'react-router-dom';
import { HOME_BY_ROLE } from '@chat/contracts';
import { useSession } from '../../shared/session/session-context';
import { useFlags } from '../../shared/session/use-flags';
import { SignInCard } from './sign-in-card';

export function SignInPage() {
  const { signIn, loading } = useSession();
  const navigate = useNavigate();
  const flags = useFlags();
  return (
    <SignInCard
      loading={loading}
      showForgotPassword={!flags.has('disable_recovery_password')}
      showRegister={!flags.has('disable_create_account')}
      onSubmit={async (values) => {
        const user = await signIn(values);
        if (user) void navigate(HOME_BY_ROLE[user.role], { replace: true });
      }}
    />
  );
}
