import { Check, CheckCheck, Clock } from 'lucide-react';
import type { MessageStatus } from '@chat/contracts';
import styles from './message-bubble.module.css';

const LABELS: Record<MessageStatus, string> = {
  PENDING: 'Enviando',
  SENT: 'Enviada',
  DELIVERED: 'Entregue',
  READ: 'Lida',
};

/**
 * docs/produto.md, Regras de conversa: pending small clock, sent one tick, delivered two, read two
 * highlighted.
 */
export function StatusTick({ status }: { status: MessageStatus }) {
  const props = { 'aria-label': LABELS[status], role: 'img', 'data-status': status, className: styles.tick };
  if (status === 'PENDING') return <Clock size={12} {...props} />;
  if (status === 'SENT') return <Check size={14} {...props} />;
  return <CheckCheck size={14} {...props} data-read={status === 'READ' ? '' : undefined} />;
}
