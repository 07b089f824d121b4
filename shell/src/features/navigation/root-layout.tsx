import { Outlet } from 'react-router-dom';
import { TabBar, TopNav } from '@chat/ui';
import { ROOT_LINKS } from './nav-links';
import { useSignOut } from './use-sign-out';
import { usePrefetchOnIntent } from '../remotes/use-prefetch-on-intent';
import { useServiceWorker } from '../pwa/use-service-worker';
import { useVisualViewportHeight } from './use-visual-viewport';
import styles from './layout.module.css';

/**
 * /root/*: the top navigation bar of docs/produto.md, Telas (relative links, active one
 * underlined); on phones the links move to the bottom tab bar.
 */
export function RootLayout() {
  const signOut = useSignOut();
  const prefetch = usePrefetchOnIntent();
  useVisualViewportHeight();
  useServiceWorker();
  return (
    <div className={styles.frame}>
      <TopNav links={ROOT_LINKS} onSignOut={signOut} onPointerOver={prefetch} onFocus={prefetch} />
      <main className={styles.main}>
        <section className={styles.content}>
          <Outlet />
        </section>
      </main>
      <TabBar links={ROOT_LINKS} onPointerOver={prefetch} onFocus={prefetch} />
    </div>
  );
}
