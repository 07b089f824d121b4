import { Outlet } from 'react-router-dom';
import { TabBar, TopNav } from '@chat/ui';
import { ROOT_LINKS } from './nav-links';
import { useSignOut } from './use-sign-out';
import { useServiceWorker } from '../pwa/use-service-worker';
import { useVisualViewportHeight } from './use-visual-viewport';
import styles from './layout.module.css';

/**
 * /root/*: the top navigation bar of SPEC section 2 (relative links, active one underlined); on
 * phones the links move to the bottom tab bar (issue 13).
 */
export function RootLayout() {
  const signOut = useSignOut();
  useVisualViewportHeight();
  useServiceWorker();
  return (
    <div className={styles.frame}>
      <TopNav links={ROOT_LINKS} onSignOut={signOut} />
      <main className={styles.main}>
        <section className={styles.content}>
          <Outlet />
        </section>
      </main>
      <TabBar links={ROOT_LINKS} />
    </div>
  );
}
