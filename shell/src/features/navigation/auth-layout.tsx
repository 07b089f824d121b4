import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageHeader, TabBar, TopNav } from '@chat/ui';
import { useMessageNotifications } from '../notifications/use-message-notifications';
import { useSession } from '../../shared/session/session-context';
import { useAccountEvents } from '../../shared/session/use-account-events';
import { useOutboxCounts } from '../outbox/use-outbox-counts';
import { useUnsentSignOut } from '../outbox/unsent-sign-out';
import { ConnectionBanner } from '../socket/connection-banner';
import { EventsProvider } from '../socket/events-context';
import { useLiveSocket } from '../socket/use-live-socket';
import { AccountBadge } from './account-badge';
import { headerTitle } from './header-title';
import { HeaderSlotContext } from './header-slot';
import { authLinks, isChatOpen } from './nav-links';
import { useUnreadTotal } from './use-unread-total';
import { useServiceWorker } from '../pwa/use-service-worker';
import { useOpenFromNotification } from '../pwa/use-open-from-notification';
import { useVisualViewportHeight } from './use-visual-viewport';
import { useSignOut } from './use-sign-out';
import { usePrefetchOnIntent } from '../remotes/use-prefetch-on-intent';
import { useAnnounceRouteScreen } from '../../shared/page-load/use-announce-route-screen';
import styles from './layout.module.css';

/**
 * /auth/*: main navigation, the page header (title + remote's actions) and the remote below. On
 * phones the links move to a bottom tab bar, and an open chat takes the whole screen.
 */
export function AuthLayout() {
  const { user } = useSession();
  useLiveSocket();
  useAccountEvents();
  useMessageNotifications(user?.id ?? null);
  const outbox = useOutboxCounts(user?.id ?? null);
  const unsentSignOut = useUnsentSignOut(user?.id ?? null, outbox.unsent);
  const signOut = useSignOut(unsentSignOut.ask);
  const prefetch = usePrefetchOnIntent();
  const { pathname } = useLocation();
  const [actionsTarget, setActionsTarget] = useState<HTMLDivElement | null>(null);
  useVisualViewportHeight();
  useAnnounceRouteScreen();
  useServiceWorker();
  useOpenFromNotification();
  const unread = useUnreadTotal(user?.id ?? null, pathname.startsWith('/auth/conversations'));
  const links = authLinks(user?.role, unread);
  return (
    <EventsProvider>
      <div className={styles.frame} data-area={pathname.split('/')[2]} data-chat-open={isChatOpen(pathname) ? '' : undefined}>
        <TopNav
          links={links}
          actions={user && <AccountBadge user={user} settingsPath="/auth/settings" />}
          onSignOut={signOut}
          onPointerOver={prefetch}
          onFocus={prefetch}
        />
        <ConnectionBanner waiting={outbox.queued} />
        {unsentSignOut.dialog}
        <main className={styles.main}>
          <PageHeader
            title={headerTitle(pathname)}
            compact={pathname.startsWith('/auth/conversations')}
            actions={<div ref={setActionsTarget} className={styles.actions} />}
          />
          <HeaderSlotContext.Provider value={actionsTarget}>
            <section className={styles.content}>
              <Outlet />
            </section>
          </HeaderSlotContext.Provider>
        </main>
        <TabBar links={links} className={styles.tabBar} onPointerOver={prefetch} onFocus={prefetch} />
      </div>
    </EventsProvider>
  );
}
