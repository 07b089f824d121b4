import { KeyRound } from 'lucide-react';
import type { ApiKey } from '@chat/contracts';
import { PERMISSION_LABELS } from './permission-label';
import styles from './api-key.module.css';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** The active key's record: name, permission, the last 4 characters and when it was created. */
export function ActiveKey({ apiKey }: { apiKey: ApiKey | null }) {
  if (!apiKey) return <p className={styles.none}>Nenhuma chave ativa.</p>;
  return (
    <dl className={styles.active} aria-label="Chave ativa">
      <KeyRound className={styles.activeIcon} size={20} aria-hidden />
      <div>
        <dt>Nome</dt>
        <dd>{apiKey.name}</dd>
      </div>
      <div>
        <dt>Permissão</dt>
        <dd>{PERMISSION_LABELS[apiKey.permissions].title}</dd>
      </div>
      <div>
        <dt>Chave</dt>
        <dd className={styles.mono}>••••••••{apiKey.preview}</dd>
      </div>
      <div>
        <dt>Criada em</dt>
        <dd>{dateTime.format(new Date(apiKey.createdAt))}</dd>
      </div>
    </dl>
  );
}
