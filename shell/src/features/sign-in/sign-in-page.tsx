import { useNavigate } from 'react-router-dom';
import { APP_VERSION, HOME_BY_ROLE } from '@chat/contracts';
import { CardLayout } from '@chat/ui';
import { useSession } from '../session/session-context';
import { useFlags } from '../session/use-flags';
import { SignInForm } from './sign-in-form';
import styles from './sign-in.module.css';

export function SignInPage() {
  const { signIn, loading } = useSession();
  const navigate = useNavigate();
  const flags = useFlags();
  return (
    <CardLayout title="Entrar na sua conta" footer={<span className={styles.version}>Versão {APP_VERSION}</span>}>
      <SignInForm
        loading={loading}
        showForgotPassword={!flags.has('disable_recovery_password')}
        showRegister={!flags.has('disable_create_account')}
        onSubmit={async (values) => {
          const user = await signIn(values);
          if (user) navigate(HOME_BY_ROLE[user.role], { replace: true });
        }}
      />
    </CardLayout>
  );
}
