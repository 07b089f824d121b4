import { PageHeader } from '@chat/ui';
import { Plus } from 'lucide-react';
import styles from './workspaces.module.css';

export function WorkspacesPage() {
  return (
    <div>
      <PageHeader title="Workspaces" />
      <div className={styles.grid}>
        <button type="button" className={`${styles.card} ${styles.create}`} disabled title="Em construção">
          <Plus size={28} aria-hidden />
          <span>Criar Workspace</span>
        </button>
        <p className={styles.note}>A listagem de workspaces está em construção.</p>
      </div>
    </div>
  );
}
