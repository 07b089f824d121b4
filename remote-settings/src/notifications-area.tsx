import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient } from '@chat/ui';
import { ArrowLeft } from 'lucide-react';
import { NotificationSettingsForm } from './features/notifications/components/notification-settings-form';
import { PushDeviceSection } from './features/notifications/components/push-device-section';
import styles from './account-page.module.css';

/** Configurações > Notificações: this device's notifications and what rings (its own query client, as 'Conta'). */
export function NotificationsArea({ basePath }: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div className={styles.account}>
        <Link className={styles.back} to={basePath}>
          <ArrowLeft size={16} aria-hidden /> Voltar
        </Link>
        <PushDeviceSection />
        <NotificationSettingsForm />
      </div>
    </QueryClientProvider>
  );
}
