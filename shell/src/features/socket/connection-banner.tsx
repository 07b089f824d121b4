import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { OUTBOX_TEXTS } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { toast } from '@chat/ui';
import styles from './connection-banner.module.css';

/** 'rejoining': the server closed the socket itself and the page connects again at once, quietly. */
type Phase = 'starting' | 'live' | 'rejoining' | 'reconnecting' | 'down';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const isOffline = () => !navigator.onLine;

/**
 * Tells the user when the live connection is down and when it is back. A device the browser knows
 * is offline shows it at once, even when the app opened offline from the service worker's cache
 * and the socket never connected. A socket the server closed on purpose (the user's own password
 * change ends every socket of the account) is not a lost connection: the page says nothing unless
 * connecting again fails. `waiting`: messages in the outbox.
 */
export function ConnectionBanner({ waiting = 0 }: { waiting?: number }) {
  const [socketPhase, setPhase] = useState<Phase>('starting');
  const offline = useSyncExternalStore(subscribeOnline, isOffline, () => false);
  const phase: Phase = offline ? 'down' : socketPhase;
  const current = useRef<Phase>('starting');

  useEffect(
    () =>
      subscribe(eventBus, 'socket:status', ({ status, byServer }) => {
        const previous = current.current;
        let next: Phase;
        if (status === 'connected') next = 'live';
        else if (previous === 'starting') next = 'starting';
        else if (byServer && previous === 'live') next = 'rejoining';
        else next = status === 'reconnecting' ? 'reconnecting' : 'down';
        if (next === 'live' && (previous === 'reconnecting' || previous === 'down')) {
          toast({ type: 'success', title: 'Conexão restabelecida' });
        }
        current.current = next;
        setPhase(next);
      }),
    [],
  );

  if (phase === 'starting' || phase === 'live' || phase === 'rejoining') return null;
  return (
    <div role="status" className={styles.banner} data-status={phase}>
      {phase === 'reconnecting' ? 'Conexão perdida. Reconectando...' : 'Sem conexão com o servidor.'}
      {waiting > 0 && <span className={styles.waiting}>{OUTBOX_TEXTS.waiting(waiting)}</span>}
      {phase === 'down' && (
        <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
          Recarregar
        </button>
      )}
    </div>
  );
}
