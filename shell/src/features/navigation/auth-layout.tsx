import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageHeader, TopNav } from '@chat/ui';
import { useMessageNotifications } from '../notifications/use-message-notifications';
import { useSession } from '../session/session-context';
import { useAccountEvents } from '../session/use-account-events';
import { ConnectionBanner } from '../socket/connection-banner';
import { EventsProvider } from '../socket/events-context';
import { useLiveSocket } from '../socket/use-live-socket';
import { headerTitle } from './header-title';
import { HeaderSlotContext } from './header-slot';
import { useSignOut } from './use-sign-out';
import styles from './layout.module.css';

/** /auth/*: main navigation, the page header (title + remote's actions) and the remote below. */
export function AuthLayout() {
  const { user } = useSession();
  useLiveSocket();
  useAccountEvents();
  useMessageNotifications(user?.id ?? null);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [actionsTarget, setActionsTarget] = useState<HTMLDivElement | null>(null);
  const links = [
    { label: 'Conversas', to: '/auth/conversations' },
    ...(user?.role === 'ADMIN' ? [{ label: 'Equipe', to: '/auth/team' }] : []),
    { label: 'Configurações', to: '/auth/settings' },
  ];
  return (
    <EventsProvider>
      <div className={styles.frame}>
        <TopNav links={links} onSignOut={signOut} />
        <ConnectionBanner />
        <main className={styles.main}>
          <PageHeader title={headerTitle(pathname)} actions={<div ref={setActionsTarget} className={styles.actions} />} />
          <HeaderSlotContext.Provider value={actionsTarget}>
            <section className={styles.content}>
              <Outlet />
            </section>
          </HeaderSlotContext.Provider>
        </main>
      </div>
    </EventsProvider>
  );
}
