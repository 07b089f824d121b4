import { BellOff, BellRing } from 'lucide-react';
import { NOTIFICATION_SETTINGS_TEXTS as T } from '@chat/contracts';
import { Button, Spinner } from '@chat/ui';
import { usePushDevice } from '../hooks/use-push-device';
import styles from './notifications.module.css';

/** 'Notificações neste dispositivo': messages while Papo is closed, asked for only on this click. */
export function PushDeviceSection() {
  const { state, busy, enable, disable } = usePushDevice();
  return (
    <section className={styles.section} aria-labelledby="push-device-title">
      <h3 id="push-device-title" className={styles.heading}>
        {T.pushTitle}
      </h3>
      <p className={styles.hint}>{T.pushHint}</p>
      {state === 'checking' && <Spinner size="sm" />}
      {state === 'unsupported' && <p className={styles.note}>{T.pushUnsupported}</p>}
      {state === 'denied' && <p className={styles.note}>{T.pushDenied}</p>}
      {state === 'off' && (
        <div className={styles.actions}>
          <Button loading={busy} onClick={() => void enable()}>
            <BellRing size={16} aria-hidden /> {T.pushEnable}
          </Button>
        </div>
      )}
      {state === 'on' && (
        <div className={styles.onRow}>
          <span className={styles.on} role="status">
            <BellRing size={16} aria-hidden /> {T.pushOn}
          </span>
          <Button variant="outline" width="sm" loading={busy} onClick={() => void disable()}>
            <BellOff size={16} aria-hidden /> {T.pushDisable}
          </Button>
        </div>
      )}
    </section>
  );
}
