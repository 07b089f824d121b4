import { useState } from 'react';
import { Laptop, LogOut, Smartphone, Tablet } from 'lucide-react';
import { SESSIONS_TEXTS, type SessionEntity } from '@chat/contracts';
import { Button, Spinner } from '@chat/ui';
import { useSessions } from '../hooks/use-sessions';
import { EndAllDialog } from './end-all-dialog';
import styles from './sessions.module.css';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function DeviceIcon({ device }: { device: string }) {
  const Icon = device.endsWith('Celular') ? Smartphone : device.endsWith('Tablet') ? Tablet : Laptop;
  return <Icon className={styles.icon} size={20} aria-hidden />;
}

function SessionRow({ session, onEnd }: { session: SessionEntity; onEnd: () => Promise<void> }) {
  const [ending, setEnding] = useState(false);
  return (
    <li className={styles.row} aria-label={`${session.browser}, ${session.device}`}>
      <DeviceIcon device={session.device} />
      <div className={styles.text}>
        <span className={styles.title}>
          {session.browser} · {session.device}
          {session.current && <span className={styles.badge}>{SESSIONS_TEXTS.current}</span>}
        </span>
        <span className={styles.meta}>
          {SESSIONS_TEXTS.lastUsed}: {dateTime.format(new Date(session.lastUsedAt))}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        width="sm"
        loading={ending}
        onClick={() => {
          setEnding(true);
          void onEnd().finally(() => setEnding(false));
        }}
      >
        {SESSIONS_TEXTS.end}
      </Button>
    </li>
  );
}

/** Segurança's list of signed-in devices: end one, or every one ("Sair de todos os dispositivos"). */
export function SessionsSection() {
  const { sessions, loading, end, endAll } = useSessions();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h3 id="sessions-title" className={styles.heading}>
        {SESSIONS_TEXTS.title}
      </h3>
      {loading ? (
        <Spinner size="sm" />
      ) : sessions.length === 0 ? (
        <p className={styles.empty}>{SESSIONS_TEXTS.empty}</p>
      ) : (
        <ul className={styles.list}>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={() => end(session)} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button colorType="destructive" variant="outline" onClick={() => setConfirming(true)}>
          <LogOut size={16} aria-hidden /> {SESSIONS_TEXTS.endAll}
        </Button>
      </div>
      {confirming && <EndAllDialog onConfirm={() => void endAll()} onClose={() => setConfirming(false)} />}
    </section>
  );
}
