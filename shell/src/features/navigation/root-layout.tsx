import { Outlet } from 'react-router-dom';
import { TopNav } from '@chat/ui';
import { useSignOut } from './use-sign-out';
import styles from './layout.module.css';

/** /root/*: the top navigation bar of SPEC section 2 (relative links, active one underlined). */
export function RootLayout() {
  const signOut = useSignOut();
  const links = [
    { label: 'Workspaces', to: 'workspaces' },
    { label: 'Configurações', to: 'settings' },
  ];
  return (
    <div className={styles.frame}>
      <TopNav links={links} onSignOut={signOut} />
      <main className={styles.main}>
        <section className={styles.content}>
          <Outlet />
        </section>
      </main>
    </div>
  );
}
