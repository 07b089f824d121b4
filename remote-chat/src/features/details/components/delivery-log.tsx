import { useQuery } from '@tanstack/react-query';
import { listWebhookDeliveries } from '@chat/api-client';
import type { WebhookDelivery } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import styles from './integrations.module.css';

const STATE_TEXTS: Record<WebhookDelivery['state'], string> = {
  pending: 'Aguardando nova tentativa',
  delivered: 'Entregue',
  failed: 'Falhou',
};

const time = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

/** An outgoing webhook's latest deliveries, with the HTTP status of each one's last attempt; refreshed while open. */
export function DeliveryLog({ groupId, webhookId }: { groupId: string; webhookId: string }) {
  const log = useQuery({
    queryKey: ['group-integrations', groupId, 'deliveries', webhookId],
    queryFn: () => listWebhookDeliveries(groupId, webhookId),
    refetchInterval: 5000,
  });
  if (log.isPending) return <Spinner size="sm" />;
  if (!log.data || log.data.length === 0) return <p className={styles.empty}>Nenhuma entrega ainda.</p>;
  return (
    <table className={styles.log} aria-label="Entregas">
      <thead>
        <tr>
          <th>Quando</th>
          <th>Situação</th>
          <th>HTTP</th>
          <th>Tentativas</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id} data-state={d.state}>
            <td>{time(d.createdAt)}</td>
            <td title={d.lastError ?? undefined}>{STATE_TEXTS[d.state]}</td>
            <td>{d.lastStatus ?? (d.lastError ? '—' : '')}</td>
            <td>{d.attempts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
