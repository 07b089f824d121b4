import { APP_VERSION, type SigninInput } from '@chat/contracts';
import { CardLayout } from '@chat/ui';
import { SignInForm } from './sign-in-form';
import styles from './sign-in.module.css';

export interface SignInCardProps {
  loading: boolean;
  showForgotPassword: boolean;
  showRegister: boolean;
  onSubmit: (values: SigninInput) => Promise<void>;
  /**
   * The build's static copy of the page (prerender.tsx): painted before the app's script runs and
   * replaced by the app's own render. It takes no input meanwhile (inert, read-only fields), so
   * nothing typed into it is lost when it is replaced.
   */
  preview?: boolean;
}

/** The sign-in page's content, the same in the app and in the build's static copy. */
export function SignInCard({ preview = false, ...form }: SignInCardProps) {
  return (
    <CardLayout
      title="Entrar na sua conta"
      footer={
        <span className={styles.version}>
          Versão {APP_VERSION} · {/* A server-rendered page: nothing of it weighs on this one. */}
          <a className={styles.privacy} href="/privacidade">
            Privacidade
          </a>
        </span>
      }
      inert={preview || undefined}
      data-prerendered={preview || undefined}
    >
      <SignInForm {...form} readOnly={preview} />
    </CardLayout>
  );
}
