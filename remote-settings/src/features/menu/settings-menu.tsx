import { Link } from 'react-router-dom';
import { eventBus } from '@chat/event-bus';
import { ACCOUNT_DATA_TEXTS, type RemoteAppProps } from '@chat/contracts';
import { Bell, ChevronRight, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { loadAccountPage } from '../../load-account-page';
import { loadMyDataPage } from '../../load-my-data-page';
import { loadNotificationsPage } from '../../load-notifications-page';
import styles from './settings.module.css';

// A failed prefetch is harmless: opening the page loads it again and shows its own error.
const prefetchAccountPage = () => {
  loadAccountPage().catch(() => undefined);
};
const prefetchNotificationsPage = () => {
  loadNotificationsPage().catch(() => undefined);
};
const prefetchMyDataPage = () => {
  loadMyDataPage().catch(() => undefined);
};

export function SettingsMenu({ basePath }: RemoteAppProps) {
  return (
    <nav className={styles.menu} aria-label="Configurações">
      <Link className={styles.item} to={`${basePath}/conta`} onPointerEnter={prefetchAccountPage} onFocus={prefetchAccountPage}>
        <UserRound size={18} aria-hidden />
        <span>Conta</span>
        <ChevronRight size={16} aria-hidden className={styles.chevron} />
      </Link>
      <Link
        className={styles.item}
        to={`${basePath}/notificacoes`}
        onPointerEnter={prefetchNotificationsPage}
        onFocus={prefetchNotificationsPage}
      >
        <Bell size={18} aria-hidden />
        <span>Notificações</span>
        <ChevronRight size={16} aria-hidden className={styles.chevron} />
      </Link>
      <Link className={styles.item} to={`${basePath}/meus-dados`} onPointerEnter={prefetchMyDataPage} onFocus={prefetchMyDataPage}>
        <ShieldCheck size={18} aria-hidden />
        <span>{ACCOUNT_DATA_TEXTS.menu}</span>
        <ChevronRight size={16} aria-hidden className={styles.chevron} />
      </Link>
      {/* Sign-out belongs to the shell: ask it through the shared bus. */}
      <button type="button" className={`${styles.item} ${styles.danger}`} onClick={() => eventBus.emit('session:signout', undefined)}>
        <LogOut size={18} aria-hidden />
        <span>Desconectar</span>
      </button>
    </nav>
  );
}
